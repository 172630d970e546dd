/**
 * The app reads a page's first data over the REST API before the Database SDK
 * loads (src/services/database-reads.ts), then the SDK's listeners take over.
 * Both must show the same rows in the same order, or cards would jump.
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectDatabaseEmulator,
  equalTo,
  get,
  getDatabase,
  limitToFirst,
  limitToLast,
  orderByChild,
  query,
  ref,
  type QueryConstraint,
} from 'firebase/database';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { childrenRead } from '@domain/data/read-descriptor';
import { startDatabaseEmulator, type RunningDatabaseEmulator } from 'challangex-emulators/database';
import type { ChildQuery } from '@domain/data/child-query';

const projectId = 'demo-rest-reads';
const namespace = `${projectId}-default-rtdb`;

/** Ties in the ordered child, a missing child, integer-like keys and push-like keys. */
const feed = {
  '-NaaaaaaaaaaaaaaaaA1': { uid: 'u1', title: 'a', createdAt: 1000 },
  '-NaaaaaaaaaaaaaaaaB2': { uid: 'u2', title: 'b', createdAt: 2000 },
  '-NaaaaaaaaaaaaaaaaC3': { uid: 'u1', title: 'c', createdAt: 2000 },
  '-NaaaaaaaaaaaaaaaaD4': { uid: 'u2', title: 'd', createdAt: 3000 },
  '10': { uid: 'u2', title: 'ten', createdAt: 2000 },
  '9': { uid: 'u1', title: 'nine', createdAt: 2000 },
  '-NaaaaaaaaaaaaaaaaE5': { uid: 'u3', title: 'no date' },
  '-NaaaaaaaaaaaaaaaaF6': { uid: 'u1', title: 'f', createdAt: 500 },
  '-NaaaaaaaaaaaaaaaaG7': { uid: 'u2', title: 'g', createdAt: 4000 },
};

const cases: Array<{ name: string; spec: ChildQuery; constraints: QueryConstraint[] }> = [
  {
    name: 'the first feed page (newest 6 by createdAt)',
    spec: { orderBy: 'createdAt', limitToLast: 6 },
    constraints: [orderByChild('createdAt'), limitToLast(6)],
  },
  {
    name: 'the oldest 4 by createdAt',
    spec: { orderBy: 'createdAt', limitToFirst: 4 },
    constraints: [orderByChild('createdAt'), limitToFirst(4)],
  },
  {
    name: "one author's first page (equalTo on uid)",
    spec: { orderBy: 'uid', equalTo: 'u1', limitToLast: 6 },
    constraints: [orderByChild('uid'), equalTo('u1'), limitToLast(6)],
  },
];

let emulator: RunningDatabaseEmulator;
let app: FirebaseApp;
let client: typeof import('../../src/services/database-reads');

beforeAll(async () => {
  emulator = await startDatabaseEmulator({
    port: 0,
    rulesFile: resolve(import.meta.dirname, '../../database.rules.json'),
    log: () => {},
  });
  const seeded = await fetch(`http://127.0.0.1:${emulator.port}/feed.json?ns=${namespace}`, {
    method: 'PUT',
    headers: { authorization: 'Bearer owner' },
    body: JSON.stringify(feed),
  });
  expect(seeded.status).toBe(200);

  vi.stubEnv('VITE_FIREBASE_PROJECT_ID', projectId);
  vi.stubEnv('VITE_USE_EMULATORS', 'true');
  vi.stubEnv('VITE_EMULATOR_HOST', '127.0.0.1');
  vi.stubEnv('VITE_DATABASE_EMULATOR_PORT', String(emulator.port));
  client = await import('../../src/services/database-reads');

  app = initializeApp(
    { projectId, databaseURL: `https://${namespace}.firebaseio.com` },
    'rest-reads',
  );
  connectDatabaseEmulator(getDatabase(app), '127.0.0.1', emulator.port);
});

afterAll(async () => {
  await deleteApp(app);
  await emulator.close();
  vi.unstubAllEnvs();
});

describe('first reads over REST match the SDK', () => {
  it.each(cases)('$name', async ({ spec, constraints }) => {
    const overRest = await client.restRead(childrenRead('feed', spec, { who: 'public' }));
    const snapshot = await get(query(ref(getDatabase(app), 'feed'), ...constraints));
    const overSdk: Array<{ key: string; value: unknown }> = [];
    snapshot.forEach((row) => {
      overSdk.push({ key: row.key!, value: row.val() });
    });
    expect(overRest.length).toBeGreaterThan(0);
    expect(overRest).toEqual(overSdk);
  });

  it('is refused like the SDK where the rules refuse it (an unbounded list read)', async () => {
    await expect(
      client.restRead(childrenRead('feed', { orderBy: 'createdAt' }, { who: 'public' })),
    ).rejects.toThrow(/HTTP 401/);
  });
});
