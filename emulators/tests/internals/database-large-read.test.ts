/**
 * An unrestricted read of a large, deep location (the owner credential, as firebase-admin and the
 * bench's "original design" read use) is sent once and leaves the emulator holding about one
 * serialized copy of it, not one copy per level of nesting: a 10,000-challenge `users/` read
 * (≈ 180 MB) otherwise kept ≈ 1.6 GB of strings alive in the emulator and ran the bench out of heap.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDatabaseEmulator, type RunningDatabaseEmulator } from '../../database/server';
import { rest, setRules, WireClient, type Target } from '../conformance/database/target';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Heap in use after full collections (a few, so finalizers and weak references settle). */
async function settledHeapBytes(): Promise<number> {
  for (let round = 0; round < 3; round++) {
    collectGarbage();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return process.memoryUsage().heapUsed;
}

/** Members → challenges → days → meals → ingredients → fields: eight levels, like users/ in the app. */
function deepCommunity(members: number): Record<string, unknown> {
  const community: Record<string, unknown> = {};
  for (let member = 0; member < members; member++) {
    const challenges: Record<string, unknown> = {};
    for (let challenge = 0; challenge < 10; challenge++) {
      const days: Record<string, unknown> = {};
      for (let day = 1; day <= 4; day++) {
        const meals: Record<string, unknown> = {};
        for (const meal of ['breakfast', 'lunch', 'snack', 'dinner']) {
          const ingredients: Record<string, unknown> = {};
          for (let item = 0; item < 6; item++)
            ingredients[item] = {
              code: `C${String(item).padStart(3, '0')}`,
              label: `Ingredient ${member}-${challenge}-${day}-${item}`,
              grams: 10 + item,
            };
          meals[meal] = { name: `${meal} of day ${day}`, calories: 500 + day, ingredients };
        }
        days[`Day${day}`] = meals;
      }
      challenges[`-Challenge${member}x${challenge}`] = { title: `Challenge ${challenge}`, days };
    }
    community[`member${member}`] = { info: { displayName: `Member ${member}` }, challenges };
  }
  return community;
}

describe('a large unrestricted read', () => {
  let emulator: RunningDatabaseEmulator;
  let target: Target;
  let seeded: string;

  beforeAll(async () => {
    emulator = await startDatabaseEmulator({ port: 0, log: () => {} });
    target = {
      host: emulator.host,
      port: emulator.port,
      ns: 'large-read',
      external: false,
      origin: `http://${emulator.host}:${emulator.port}`,
      close: () => emulator.close(),
    };
    // Members may read nothing here: only the owner credential (rules bypassed) reads users/.
    await setRules(target, { rules: { '.read': false, '.write': false } });
    seeded = JSON.stringify(deepCommunity(120));
    const put = await rest(target, 'PUT', '/users.json', { rawBody: seeded, token: 'owner' });
    expect(put.status).toBe(200);
  });
  afterAll(() => target.close());

  it('is sent once and the emulator keeps at most about one serialized copy', async () => {
    expect(seeded.length).toBeGreaterThan(8_000_000);
    const before = await settledHeapBytes();
    const read = await readAsOwner(target, '/users', seeded);
    expect(read).toMatchObject({ granted: true, pushes: 1, sameData: true });
    expect(read.bytesOnTheWire).toBeGreaterThanOrEqual(seeded.length);
    expect(read.bytesOnTheWire).toBeLessThan(seeded.length * 1.05);
    const retained = (await settledHeapBytes()) - before;
    expect(retained).toBeLessThan(seeded.length * 2);
  });
});

/**
 * Listens to `path` with the owner credential on a bare protocol connection and returns only
 * figures, so nothing of what arrived stays referenced by the test when the heap is measured.
 */
async function readAsOwner(target: Target, path: string, expected: string) {
  const client = await WireClient.connect(target);
  try {
    const auth = await client.request('auth', { cred: 'owner' });
    const listen = await client.request('q', { p: path, h: '' });
    const pushed = client.pushes().filter((push) => push.b.p === path);
    return {
      granted: auth.s === 'ok' && listen.s === 'ok',
      pushes: pushed.length,
      sameData: JSON.stringify(pushed[0]?.b.d) === expected,
      bytesOnTheWire: client.rawFrames.reduce((sum, frame) => sum + frame.length, 0),
    };
  } finally {
    await client.close();
  }
}
