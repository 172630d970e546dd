/**
 * The demo data survives its members signing in (issue 27, item 9): `npm run dev`'s seed on a
 * throw-away stack, then each demo member signs in and recomputes (what every proof and every
 * deletion asks the server for) and the boards still hold every demo member with the points
 * the seed gave them: their proofs are real photos, stored inside their meals' windows. The
 * demo's streaks, 12-week calendars, weight histories and join dates (the server's clock, a
 * number) are checked too, and the running group challenge (issue 30): its members, each with their
 * own plan, on a board the server wrote. Starts its own stack on free ports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoGroup, demoMembers, seedDemoData } from '../../scripts/lib/demo-seed';
import type { ChallengeRecord, FeedEntry } from '@domain/challenges/challenge-record';
import type { GroupRecord } from '@domain/challenges/group-records';
import { boardMealsOfRow } from '@domain/challenges/board-windows';
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

  // After the recomputes above: every board row is what the server derives from the member's plan.
  it('includes one running group challenge, each member with their own plan and board row', async () => {
    const feed = await read<Record<string, FeedEntry>>('feed');
    const found = Object.entries(feed).filter(
      ([, entry]) => entry.title === demoGroup.challenge.title,
    );
    expect(found).toHaveLength(1);
    const [[challengeId, entry]] = found;
    const members = [demoGroup.owner, ...demoGroup.joiners.map((joiner) => joiner.email)].map(
      (email) => demoMembers.find((member) => member.email === email)!,
    );
    expect(entry).toMatchObject({ access: 'link', memberCount: members.length });
    expect(entry.memberPhotos?.map((photo) => photo.displayName)).toEqual(
      members.map((member) => member.name),
    );

    const group = await read<GroupRecord>(`groups/${challengeId}`);
    expect(group).toMatchObject({
      ownerId: entry.uid,
      access: 'link',
      memberCount: members.length,
    });
    const rows = Object.entries(group.members);
    const provedByName = Object.fromEntries(rows.map(([, row]) => [row.displayName, row.proved]));
    expect(provedByName).toEqual({
      [members[0].name]: demoGroup.challenge.proved.length,
      ...Object.fromEntries(
        demoGroup.joiners.map((joiner, index) => [members[index + 1].name, joiner.proved.length]),
      ),
    });
    const now = Date.now();
    for (const [uid, row] of rows) {
      expect(row.points > 0, row.displayName).toBe(row.proved > 0);
      const meals = boardMealsOfRow(row).map(([, meal]) => meal);
      expect(meals).toHaveLength(demoGroup.challenge.day * 3);
      // Running: some windows have closed, some are still to come.
      expect(meals.some((meal) => meal.closesAt < now)).toBe(true);
      expect(meals.some((meal) => meal.closesAt > now)).toBe(true);
      const plan = await read<ChallengeRecord & { groupOwnerId?: string }>(
        `users/${uid}/challenges/${challengeId}`,
      );
      expect(plan.groupOwnerId ?? entry.uid, row.displayName).toBe(entry.uid);
      expect(plan.startDate).toBe(
        (await read<ChallengeRecord>(`users/${entry.uid}/challenges/${challengeId}`)).startDate,
      );
    }
    const [owner, firstJoiner] = await Promise.all(
      [entry.uid, rows.find(([uid]) => uid !== entry.uid)![0]].map((uid) =>
        read<ChallengeRecord>(`users/${uid}/challenges/${challengeId}`),
      ),
    );
    // Each plan is sized to its own member's body and goal.
    expect(firstJoiner.targets).not.toEqual(owner.targets);
  });
});
