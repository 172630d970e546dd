/**
 * The demo data survives its members signing in (issue 27, item 9): `npm run dev`'s seed on a
 * throw-away stack, then each demo member signs in and recomputes (what every proof and every
 * deletion asks the server for) and the boards still hold every demo member with the points
 * the seed gave them: their proofs are real photos, stored inside their meals' windows. The
 * demo's streaks, 12-week calendars, weight histories and join dates (the server's clock, a
 * number) are checked too. Starts its own stack on free ports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoMembers, seedDemoData } from '../../scripts/lib/demo-seed';
import {
  freeStackPorts,
  startStack,
  type RunningStack,
  type StackPorts,
} from '../../scripts/lib/stack';

const projectId = 'demo-boards';
let stack: RunningStack | undefined;
let ports: StackPorts;

interface BoardRow {
  points: number;
  displayName: string;
  joinAt?: unknown;
}

const read = async <T>(path: string): Promise<T> => {
  const url = `http://127.0.0.1:${ports.database}/${path}.json?ns=${projectId}-default-rtdb`;
  const response = await fetch(url, { headers: { Authorization: 'Bearer owner' } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return (await response.json()) as T;
};

async function signIn(email: string): Promise<string> {
  const response = await fetch(
    `http://127.0.0.1:${ports.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD, returnSecureToken: true }),
    },
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { idToken: string }).idToken;
}

const pointsByName = (board: Record<string, BoardRow> | null) =>
  Object.fromEntries(Object.values(board ?? {}).map((row) => [row.displayName, row.points]));

beforeAll(async () => {
  ports = await freeStackPorts();
  stack = await startStack({
    name: `demo-boards-${process.pid}`,
    projectId,
    ports,
    log: (source, line) => /error/i.test(line) && console.log(`[${source}] ${line}`),
  });
  // The seed talks to the stack as `npm run dev`'s does (this run's own Auth emulator aside).
  Object.assign(process.env, stack.env, { FUNCTIONS_EMULATOR_PORT: String(ports.functions) });
  await seedDemoData({ projectId, log: () => undefined });
}, 600_000);

afterAll(async () => {
  await stack?.stop();
}, 60_000);

describe('the demo data', () => {
  it('keeps every demo member on the boards after each of them signs in and recomputes', async () => {
    const seeded = pointsByName(await read('leaderboard/all'));
    const provers = demoMembers.filter((member) =>
      member.challenges.some((challenge) => !challenge.deleted && challenge.proved?.length),
    );
    for (const member of provers) expect(seeded[member.name], member.name).toBeGreaterThan(0);

    const apiBase = `http://127.0.0.1:${ports.functions}/${projectId}/us-central1/api`;
    for (const member of demoMembers) {
      const token = await signIn(member.email);
      const response = await fetch(`${apiBase}/api/me/recompute`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: '{}',
      });
      expect(response.status, `${member.name}'s recompute`).toBe(200);
    }

    const board = await read<Record<string, BoardRow>>('leaderboard/all');
    expect(pointsByName(board)).toMatchObject(seeded);
    for (const row of Object.values(board)) expect(typeof row.joinAt).toBe('number');
  }, 300_000);

  it('gives the demo members streaks, a 12-week calendar and a weight history', async () => {
    const users = await read<
      Record<
        string,
        {
          info: Record<string, unknown>;
          glance?: { mealsProved: number; days: Record<string, number> };
          weights?: Record<string, { kg: number }>;
        }
      >
    >('users');
    const byName = Object.fromEntries(
      Object.values(users).map((user) => [user.info.displayName as string, user]),
    );
    const asha = byName['Asha Rao'];
    expect(asha.info).toMatchObject({ currentStreak: 2, bestStreak: 6, lastStreakBreakDays: 6 });
    expect(typeof asha.info.joinAt).toBe('number');
    expect(Object.keys(asha.glance!.days).length).toBeGreaterThan(14);
    expect(Object.keys(asha.weights!)).toHaveLength(60);
    expect(byName['Vikram Singh'].info).toMatchObject({
      currentStreak: 12,
      bestStreak: 12,
      streakFreezes: 1,
    });
    expect(byName['Meera Iyer'].info).toMatchObject({ lastStreakBreakDays: 2 });
  });
});
