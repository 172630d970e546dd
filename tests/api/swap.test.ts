import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChallengeRecord } from '@domain/challenges/challenge-record';
import { MEAL_SLOTS, REPLAN_CAPS, replanCapMessage } from '@domain/constants';
import { FIXED_MEALS_TOO_MUCH } from '../../functions/src/planner/meal-planner';
import { dayTargetBounds } from '@domain/nutrition/nutrition-targets';
import {
  generatePayload,
  postJson,
  readyMember,
  startApiHarness,
  type ApiHarness,
  type TestMember,
} from './api-harness';

let harness: ApiHarness;

beforeAll(async () => {
  harness = await startApiHarness();
});
afterAll(() => harness?.close());

async function createChallenge(member: TestMember): Promise<string> {
  const response = await postJson(
    `${harness.baseUrl}/api/generate`,
    generatePayload(member.uid, { day: 2, preference: 'vegan' }),
    { token: member.idToken },
  );
  expect(response.status).toBe(201);
  return response.body.challengeId as string;
}

const swap = (member: TestMember | undefined, challengeId: string, day: number, slot: string) =>
  postJson(
    `${harness.baseUrl}/api/challenges/${challengeId}/days/${day}/meals/${slot}/swap`,
    {},
    { token: member?.idToken },
  );
const readChallenge = async (uid: string, challengeId: string) =>
  (
    await harness.database.ref(`users/${uid}/challenges/${challengeId}`).get()
  ).val() as ChallengeRecord;

/** The bounds a stored day misses, judged from its meals against the challenge's targets. */
function missedBounds(challenge: ChallengeRecord, day: string): string[] {
  const bounds = dayTargetBounds(challenge.targets);
  return (['calories', 'protein', 'carbs', 'fat', 'fibre'] as const).filter((nutrient) => {
    const total = MEAL_SLOTS.reduce(
      (sum, slot) => sum + (challenge.meals[day][slot]![nutrient] ?? 0),
      0,
    );
    return total < bounds[nutrient].min || total > bounds[nutrient].max;
  });
}

describe('POST /api/challenges/:challengeId/days/:day/meals/:slot/swap', () => {
  it('serves another dish for one future meal and keeps the day within every bound (kcal ±5 %, protein, carbs and fat ±15 %, fibre)', async () => {
    const member = await readyMember(harness.database);
    const challengeId = await createChallenge(member);
    const before = await readChallenge(member.uid, challengeId);

    const response = await swap(member, challengeId, 2, 'dinner');
    expect(response.status).toBe(200);

    const after = await readChallenge(member.uid, challengeId);
    const [old, now] = [before.meals.Day2.dinner!, after.meals.Day2.dinner!];
    expect(response.body).toEqual({
      challengeId,
      day: 2,
      slot: 'dinner',
      name: now.name,
      calories: now.calories,
      shortfalls: [],
    });
    expect(now.dishId).not.toBe(old.dishId);
    expect({ opensAt: now.opensAt, closesAt: now.closesAt, status: now.status }).toEqual({
      opensAt: old.opensAt,
      closesAt: old.closesAt,
      status: 'Pending',
    });
    expect(now.ingredients!.some((i) => /Milk|Egg|Meat|Poultry|Fish/.test(i.group))).toBe(false);
    expect(missedBounds(after, 'Day2')).toEqual([]);
    expect(after.shortfalls).toBeUndefined();
    const names = ['Day1', 'Day2'].flatMap((day) =>
      MEAL_SLOTS.map((slot) => after.meals[day][slot]!.name),
    );
    expect(new Set(names).size).toBe(6);
    for (const slot of ['breakfast', 'lunch'] as const)
      expect(after.meals.Day2[slot]).toEqual(before.meals.Day2[slot]);
    expect(after.meals.Day1).toEqual(before.meals.Day1);
  });

  it('says which bound the kept meals make impossible, stores it on the day, and clears it when met again', async () => {
    const member = await readyMember(harness.database);
    const challengeId = await createChallenge(member);
    const path = `users/${member.uid}/challenges/${challengeId}`;
    const created = await readChallenge(member.uid, challengeId);
    const { targets } = created;
    // A proved lunch carrying more fat than the whole day may hold.
    await harness.database.ref(`${path}/meals/Day2/lunch`).update({
      status: 'Done',
      img: 'https://example.com/proof.jpg',
      doneAt: 1,
      fat: targets.fat * 1.5,
    });

    const response = await swap(member, challengeId, 2, 'dinner');
    expect(response.status).toBe(200);
    expect(response.body.shortfalls).toContainEqual(
      expect.objectContaining({ nutrient: 'fat', direction: 'over', reason: FIXED_MEALS_TOO_MUCH }),
    );
    const stored = await readChallenge(member.uid, challengeId);
    expect(stored.shortfalls?.Day2).toEqual(response.body.shortfalls);

    // The proved lunch as planned again: the day can be met, and says nothing.
    await harness.database
      .ref(`${path}/meals/Day2/lunch`)
      .update({ fat: created.meals.Day2.lunch!.fat });
    const again = await swap(member, challengeId, 2, 'dinner');
    expect(again.status).toBe(200);
    expect(again.body.shortfalls).toEqual([]);
    expect((await readChallenge(member.uid, challengeId)).shortfalls).toBeUndefined();
  });

  it('refuses a proved meal, an unknown meal or challenge, a bad slot and a missing token', async () => {
    const member = await readyMember(harness.database);
    const challengeId = await createChallenge(member);
    await harness.database
      .ref(`users/${member.uid}/challenges/${challengeId}/meals/Day2/lunch`)
      .update({ status: 'Done', img: 'https://example.com/proof.jpg', doneAt: 1 });

    expect((await swap(member, challengeId, 2, 'lunch')).body).toMatchObject({
      error: 'This meal is already proved',
    });
    expect((await swap(member, challengeId, 2, 'lunch')).status).toBe(409);
    expect((await swap(member, challengeId, 3, 'lunch')).status).toBe(404);
    expect((await swap(member, 'no-such-challenge', 1, 'lunch')).status).toBe(404);
    expect((await swap(member, challengeId, 1, 'snack')).status).toBe(400);
    expect((await swap(undefined, challengeId, 2, 'dinner')).status).toBe(401);
    const other = await readyMember(harness.database);
    expect((await swap(other, challengeId, 2, 'dinner')).status).toBe(404);
  });
});

describe('swap: caps and challenges that cannot be re-planned', () => {
  it('409 on a challenge a moderator hides', async () => {
    const member = await readyMember(harness.database);
    const challengeId = await createChallenge(member);
    await harness.database
      .ref(`users/${member.uid}/challenges/${challengeId}/moderation`)
      .set({ hiddenAt: Date.now(), reason: 'spam' });
    const before = await readChallenge(member.uid, challengeId);
    expect(await swap(member, challengeId, 2, 'dinner')).toMatchObject({
      status: 409,
      body: { error: 'This challenge is hidden by a moderator' },
    });
    expect(await readChallenge(member.uid, challengeId)).toEqual(before);
  });

  it(`429 naming the cap after ${REPLAN_CAPS.swap.perChallenge} swaps in one challenge in a day`, async () => {
    // The per-minute throttle is raised here so that only the daily cap speaks.
    const url = await harness.startApi({ generateRateLimit: { windowMs: 60_000, max: 1_000 } });
    const member = await readyMember(harness.database);
    const challengeId = await createChallenge(member);
    const swapAt = () =>
      postJson(
        `${url}/api/challenges/${challengeId}/days/2/meals/dinner/swap`,
        {},
        { token: member.idToken },
      );
    for (let index = 0; index < REPLAN_CAPS.swap.perChallenge; index++)
      expect((await swapAt()).status).toBe(200);
    expect(await swapAt()).toMatchObject({
      status: 429,
      body: { error: replanCapMessage('swap', 'perChallenge') },
    });
  });
});
