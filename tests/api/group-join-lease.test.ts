import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import {
  builtInPlanner,
  type MealPlanProvider,
} from '../../functions/src/planner/meal-plan-provider';
import { ACTIVE_CHALLENGE_LIMIT_MESSAGE } from '@domain/constants';
import { pushKey } from '@domain/data/push-key';
import { readyMember, startApiHarness, type ApiHarness, type TestMember } from './api-harness';
import { groupApi } from './group-api';

// A join holds the member's creation lock while it plans; what it read under the lock is read again
// only when planning left less than half the lease (functions/src/groups/group-join-route.ts).

/** 17:30 in India: the day's dinner window is still to come, so a challenge starting today runs. */
const INDIA_EVENING = Date.parse('2025-06-10T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

let harness: ApiHarness;
/** Whose plan is slow: while planning, the lease runs low and challenges reach their record. */
let slowMember: TestMember | undefined;

const planner: MealPlanProvider = async (request) => {
  const member = slowMember;
  if (member) {
    // The process's clock moves 6 of the lease's 10 s on, and two challenges reach the member's
    // record, as another instance could write them once the lease had run out.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 6_000);
    await harness.database.ref(`users/${member.uid}/challenges`).update(
      Object.fromEntries(
        ['one', 'two'].map((id) => [
          // Real push keys of their creation time: the join reads recent challenges by key range.
          pushKey(INDIA_EVENING - 2 * DAY),
          { title: id, deleted: false, isActive: true, createdAt: INDIA_EVENING - 2 * DAY },
        ]),
      ),
    );
  }
  return builtInPlanner(request);
};

beforeAll(async () => {
  harness = await startApiHarness({ clock: () => INDIA_EVENING, planMeals: planner });
});
afterAll(() => harness?.close());

const { read, join, createChallenge, tokenOf, joiner, joinWith } = groupApi(() => harness);

it('a plan that outlasted half the lease: the lock is taken again and the limits read again (409), nothing written', async () => {
  const owner = await readyMember(harness.database);
  const challengeId = await createChallenge(owner);
  const token = await tokenOf(owner, challengeId);
  const member = await joiner();
  slowMember = member;
  try {
    const refused = await join(member, challengeId, { token });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(ACTIVE_CHALLENGE_LIMIT_MESSAGE);
  } finally {
    slowMember = undefined;
    vi.useRealTimers();
  }
  expect(await read(`users/${member.uid}/challenges/${challengeId}`)).toBeNull();
  expect(await read(`groups/${challengeId}/members/${member.uid}`)).toBeNull();
  expect(await read(`serverLocks/challengeCreation/${member.uid}`)).toBeNull();
  expect(await read(`groups/${challengeId}/memberCount`)).toBe(1);
  // A quick plan of another member joins: what the lock guarded is not read twice, and holds.
  await joinWith(await joiner(), challengeId, token);
  expect(await read(`groups/${challengeId}/memberCount`)).toBe(2);
});
