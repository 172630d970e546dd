/**
 * Membership in one step (docs/security.md, "Group challenges"): one member's parallel joins are one
 * join, parallel leaves and the owner's parallel removals give the place back once, and no write that
 * races a leave brings the member's board row back. The requests are spread over two API instances,
 * each with its own database connection, so nothing rests on one process's state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardRow } from '@domain/challenges/group-records';
import { encodeBoardProofs } from '@domain/challenges/board-windows';
import type { MealKey } from '@domain/challenges/meal-key';
import { dbPaths } from '@domain/data/database-paths';
import {
  builtInPlanner,
  type MealPlanProvider,
} from '../../functions/src/planner/meal-plan-provider';
import { groupApi } from './group-api';
import { DAILY_CHALLENGE_LIMIT_MESSAGE, MAX_CHALLENGES_PER_DAY } from '@domain/constants';
import {
  generatePayload,
  readyMember,
  startApiHarness,
  type ApiHarness,
  type TestMember,
} from './api-harness';

/** 17:30 in India: the day's dinner window is still to come. */
const INDIA_EVENING = Date.parse('2025-06-10T12:00:00Z');

let harness: ApiHarness;
let secondApi: string;
const planned = new Map<string, number>();
const countingPlanner: MealPlanProvider = async (request) => {
  planned.set(request.seed, (planned.get(request.seed) ?? 0) + 1);
  return builtInPlanner(request);
};
const limits = {
  clock: () => INDIA_EVENING,
  planMeals: countingPlanner,
  generateRateLimit: { windowMs: 60_000, max: 10_000 },
  groupRateLimit: { windowMs: 60_000, max: 10_000 },
  cheerRateLimit: { windowMs: 60_000, max: 10_000 },
  // A 500 in a race says why in the test's output.
  log: (message: string, error: unknown) => console.error(message, error),
};

beforeAll(async () => {
  harness = await startApiHarness(limits);
  secondApi = await harness.startApi({ ...limits, database: harness.openDatabase() });
});
afterAll(() => harness?.close());

const { read, send, createChallenge, tokenOf } = groupApi(() => harness);
/** Each request of a race goes to one API or the other in turn. */
const api = (index: number) => (index % 2 ? secondApi : harness.baseUrl);

async function openGroup() {
  const owner = await readyMember(harness.database);
  const challengeId = await createChallenge(owner);
  return { owner, challengeId, token: await tokenOf(owner, challengeId) };
}

const join = (index: number, member: TestMember, challengeId: string, token: string) =>
  send('POST', `/api/challenges/${challengeId}/join`, member, { token }, api(index));

/** The group's count, its rows' owners and the members' plans of it, as stored. */
async function groupState(challengeId: string, members: TestMember[]) {
  const [count, rows, plans] = await Promise.all([
    read<number>(dbPaths.groupMemberCount(challengeId)),
    read<Record<string, BoardRow>>(dbPaths.groupMembers(challengeId)),
    Promise.all(members.map(({ uid }) => read(dbPaths.challenge(uid, challengeId)))),
  ]);
  return { count, rows: Object.keys(rows ?? {}).sort(), plans: plans.filter(Boolean).length };
}

/** How many answers had each status. */
function statusCounts(answers: { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/**
 * The counts expected of racing twins: `expected` exactly, except that on a loaded host a twin that waited for
 * the member's lock past its limit answers 503 "Busy" (challenge-creation-lock.ts) in place of its `twin`
 * answer (never in place of the one that acts: that count stays exact, and so does the state after).
 */
function expectedTwins(
  expected: Record<number, number>,
  twin: number,
  answers: { status: number }[],
): Record<number, number> {
  const busy = answers.filter(({ status }) => status === 503).length;
  if (busy === 0) return expected;
  const counts: Record<number, number> = { ...expected, [twin]: expected[twin] - busy, 503: busy };
  if (counts[twin] === 0) delete counts[twin];
  return counts;
}

describe('one member racing themself', () => {
  it('10 parallel joins by one member are one join: one 201, one plan, one row, the count exact', async () => {
    const { owner, challengeId, token } = await openGroup();
    const member = await readyMember(harness.database);

    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => join(index, member, challengeId, token)),
    );

    expect(statusCounts(answers)).toEqual(expectedTwins({ 201: 1, 200: 9 }, 200, answers));
    expect(await groupState(challengeId, [member])).toEqual({
      count: 2,
      rows: [owner.uid, member.uid].sort(),
      plans: 1,
    });
    expect(planned.get(`${challengeId}:${member.uid}`)).toBe(1);
    expect(await read(`${dbPaths.userInfo(member.uid)}/activeChallenges`)).toBe(1);
    expect(Object.keys((await read<object>(dbPaths.plansMade(member.uid)))!)).toHaveLength(1);
    expect(await read(`groups/${challengeId}/members/${member.uid}/joinedAt`)).toBe(INDIA_EVENING);
  }, 60_000);

  it('5 parallel leaves by one member give the place back once: one 200, four 404, no row, the count exact', async () => {
    const { owner, challengeId, token } = await openGroup();
    const [member, stays] = await Promise.all([
      readyMember(harness.database),
      readyMember(harness.database),
    ]);
    for (const joiner of [member, stays])
      expect((await join(0, joiner, challengeId, token)).status).toBe(201);

    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        send('POST', `/api/challenges/${challengeId}/leave`, member, undefined, api(index)),
      ),
    );

    expect(statusCounts(answers)).toEqual(expectedTwins({ 200: 1, 404: 4 }, 404, answers));
    expect(await groupState(challengeId, [member, stays])).toEqual({
      count: 2,
      rows: [owner.uid, stays.uid].sort(),
      plans: 1,
    });
    expect(await read(`feed/${challengeId}/memberCount`)).toBe(2);
  }, 60_000);

  it("the owner's 5 parallel removals of each of two members give each place back once", async () => {
    const { owner, challengeId, token } = await openGroup();
    const members = await Promise.all(
      Array.from({ length: 3 }, () => readyMember(harness.database)),
    );
    for (const joiner of members)
      expect((await join(0, joiner, challengeId, token)).status).toBe(201);
    const [first, second, stays] = members;

    const answers = await Promise.all(
      [first, second].flatMap((removed) =>
        Array.from({ length: 5 }, (_, index) =>
          send(
            'DELETE',
            `/api/challenges/${challengeId}/members/${removed.uid}`,
            owner,
            undefined,
            api(index),
          ),
        ),
      ),
    );

    expect(statusCounts(answers)).toEqual(expectedTwins({ 200: 2, 404: 8 }, 404, answers));
    expect(await groupState(challengeId, members)).toEqual({
      count: 2,
      rows: [owner.uid, stays.uid].sort(),
      plans: 1,
    });
    expect(await read(`users/${owner.uid}/challenges/${challengeId}/memberCount`)).toBe(2);
  }, 60_000);
});

describe('writes racing a leave', () => {
  it('a leave racing 20 cheers of the leaver, 50 times over: no row left, the count exact', async () => {
    const { owner, challengeId, token } = await openGroup();
    // The leaver's row shows a proved breakfast, so each cheer writes to it (group-cheer-route.ts).
    const meal: MealKey = 'Day1-breakfast';
    const cheerers = await Promise.all(
      Array.from({ length: 20 }, () => readyMember(harness.database)),
    );
    for (const cheerer of cheerers)
      expect((await join(0, cheerer, challengeId, token)).status).toBe(201);
    for (let round = 0; round < 50; round++) {
      const leaver = await readyMember(harness.database);
      expect((await join(round, leaver, challengeId, token)).status).toBe(201);
      await harness.database
        .ref(`${dbPaths.groupMember(challengeId, leaver.uid)}/proofs`)
        .set(encodeBoardProofs([[meal, 'Done']]));
      const [left, ...cheers] = await Promise.all([
        send('POST', `/api/challenges/${challengeId}/leave`, leaver, undefined, api(round)),
        ...cheerers.map((cheerer, index) =>
          send(
            'POST',
            `/api/challenges/${challengeId}/members/${leaver.uid}/cheers`,
            cheerer,
            { meal },
            api(round + index + 1),
          ),
        ),
      ]);
      expect(left.status).toBe(200);
      // Each cheer lands before the leave (201) or finds the member gone (404); none fails.
      const failed = cheers.filter(({ status }) => status !== 201 && status !== 404);
      expect({ round, failed }).toEqual({ round, failed: [] });
      expect({ round, row: await read(dbPaths.groupMember(challengeId, leaver.uid)) }).toEqual({
        round,
        row: null,
      });
      expect({ round, count: await read(dbPaths.groupMemberCount(challengeId)) }).toEqual({
        round,
        count: 21,
      });
    }
    const rows = await read<Record<string, BoardRow>>(dbPaths.groupMembers(challengeId));
    expect(Object.keys(rows!).sort()).toEqual(
      [owner.uid, ...cheerers.map(({ uid }) => uid)].sort(),
    );
  }, 60_000);
});

describe('the daily cap counts plans made, not plans kept', () => {
  it(`joining and leaving the same group over and over makes at most ${MAX_CHALLENGES_PER_DAY} plans a day; then a create is refused too`, async () => {
    const { challengeId, token } = await openGroup();
    const member = await readyMember(harness.database);
    for (let round = 0; round < MAX_CHALLENGES_PER_DAY; round++) {
      expect((await join(round, member, challengeId, token)).status).toBe(201);
      const left = await send('POST', `/api/challenges/${challengeId}/leave`, member);
      expect(left.status).toBe(200);
    }

    const fourth = await join(1, member, challengeId, token);
    expect({ status: fourth.status, error: fourth.body.error }).toEqual({
      status: 429,
      error: DAILY_CHALLENGE_LIMIT_MESSAGE,
    });
    expect(planned.get(`${challengeId}:${member.uid}`)).toBe(MAX_CHALLENGES_PER_DAY);
    expect(await groupState(challengeId, [member])).toMatchObject({ count: 1, plans: 0 });
    const created = await send('POST', '/api/generate', member, generatePayload(member.uid));
    expect({ status: created.status, error: created.body.error }).toEqual({
      status: 429,
      error: DAILY_CHALLENGE_LIMIT_MESSAGE,
    });
  }, 60_000);
});
