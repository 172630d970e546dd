import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChallengeRecord } from '../../src/domain/challenge-record';
import { MEAL_SLOTS } from '../../src/domain/constants';
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

describe('POST /api/challenges/:challengeId/days/:day/meals/:slot/swap', () => {
  it('serves another dish for one future meal and keeps the day within ±5% of its calories', async () => {
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
    });
    expect(now.dishId).not.toBe(old.dishId);
    expect({ opensAt: now.opensAt, closesAt: now.closesAt, status: now.status }).toEqual({
      opensAt: old.opensAt,
      closesAt: old.closesAt,
      status: 'Pending',
    });
    expect(now.ingredients!.some((i) => /Milk|Egg|Meat|Poultry|Fish/.test(i.group))).toBe(false);
    const calories = MEAL_SLOTS.reduce((sum, slot) => sum + after.meals.Day2[slot]!.calories, 0);
    expect(Math.abs(calories - after.targets.calories)).toBeLessThanOrEqual(
      after.targets.calories * 0.05,
    );
    const names = ['Day1', 'Day2'].flatMap((day) =>
      MEAL_SLOTS.map((slot) => after.meals[day][slot]!.name),
    );
    expect(new Set(names).size).toBe(6);
    for (const slot of ['breakfast', 'lunch'] as const)
      expect(after.meals.Day2[slot]).toEqual(before.meals.Day2[slot]);
    expect(after.meals.Day1).toEqual(before.meals.Day1);
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
