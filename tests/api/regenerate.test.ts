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
    generatePayload(member.uid, { day: 2 }),
    {
      token: member.idToken,
    },
  );
  expect(response.status).toBe(201);
  return response.body.challengeId as string;
}

const regenerate = (member: TestMember | undefined, challengeId: string) =>
  postJson(
    `${harness.baseUrl}/api/challenges/${challengeId}/regenerate`,
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

describe('POST /api/challenges/:challengeId/regenerate', () => {
  it('re-plans the meals not yet proved and keeps proofs, windows and targets', async () => {
    const member = await readyMember(harness.database);
    const challengeId = await createChallenge(member);
    const proofPath = `users/${member.uid}/challenges/${challengeId}/meals/Day1/breakfast`;
    await harness.database
      .ref(proofPath)
      .update({ status: 'Done', img: 'https://example.com/proof.jpg', doneAt: 1 });
    const before = await readChallenge(member.uid, challengeId);
    const coverBefore = (await harness.database.ref(`feed/${challengeId}/cover`).get()).val();

    const response = await regenerate(member, challengeId);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ challengeId, replanned: 5, shortfalls: [] });

    const after = await readChallenge(member.uid, challengeId);
    expect(after.meals.Day1.breakfast).toEqual(before.meals.Day1.breakfast);
    expect(after.targets).toEqual(before.targets);
    const names: string[] = [];
    let changed = 0;
    for (const day of ['Day1', 'Day2']) {
      // Every bound, with the proved breakfast held as it is.
      expect(missedBounds(after, day), day).toEqual([]);
      for (const slot of MEAL_SLOTS) {
        const [old, now] = [before.meals[day][slot]!, after.meals[day][slot]!];
        expect({ opensAt: now.opensAt, closesAt: now.closesAt }).toEqual({
          opensAt: old.opensAt,
          closesAt: old.closesAt,
        });
        names.push(now.name);
        if (now.name !== old.name) changed++;
      }
    }
    expect(new Set(names).size).toBe(6);
    expect(changed).toBeGreaterThan(0);
    expect((await harness.database.ref(`feed/${challengeId}/cover`).get()).val()).toBe(coverBefore);
  });

  it('says which bound the proved meals make impossible, per day, and stores it on the challenge', async () => {
    const member = await readyMember(harness.database);
    const challengeId = await createChallenge(member);
    const { targets } = await readChallenge(member.uid, challengeId);
    // A proved breakfast carrying more calories than the whole day may hold.
    await harness.database
      .ref(`users/${member.uid}/challenges/${challengeId}/meals/Day1/breakfast`)
      .update({
        status: 'Done',
        img: 'https://example.com/proof.jpg',
        doneAt: 1,
        calories: Math.round(targets.calories * 1.2),
      });

    const response = await regenerate(member, challengeId);
    expect(response.status).toBe(200);
    const [day1] = response.body.shortfalls as { day: string; shortfalls: unknown[] }[];
    expect(day1.day).toBe('Day1');
    expect(day1.shortfalls).toContainEqual(
      expect.objectContaining({
        nutrient: 'calories',
        direction: 'over',
        reason: FIXED_MEALS_TOO_MUCH,
      }),
    );
    const after = await readChallenge(member.uid, challengeId);
    expect(after.shortfalls?.Day1).toEqual(day1.shortfalls);
    expect(after.shortfalls?.Day2).toBeUndefined();
    expect(missedBounds(after, 'Day2')).toEqual([]);
  });

  it('moves the feed cover to the new first breakfast', async () => {
    const member = await readyMember(harness.database);
    const challengeId = await createChallenge(member);
    expect((await regenerate(member, challengeId)).status).toBe(200);
    const after = await readChallenge(member.uid, challengeId);
    expect((await harness.database.ref(`feed/${challengeId}/cover`).get()).val()).toBe(
      after.meals.Day1.breakfast!.img,
    );
  });

  it('404 for another member’s, a deleted or an unknown challenge; 400 for a malformed id; 401 signed out', async () => {
    const owner = await readyMember(harness.database);
    const other = await readyMember(harness.database);
    const challengeId = await createChallenge(owner);
    const before = await readChallenge(owner.uid, challengeId);

    expect((await regenerate(other, challengeId)).status).toBe(404);
    expect(await readChallenge(owner.uid, challengeId)).toEqual(before);
    expect((await regenerate(owner, 'no-such-challenge')).status).toBe(404);
    expect((await regenerate(owner, 'bad.id')).status).toBe(400);
    expect((await regenerate(owner, 'x'.repeat(200))).status).toBe(400);
    expect((await regenerate(undefined, challengeId)).status).toBe(401);

    await harness.database
      .ref(`users/${owner.uid}/challenges/${challengeId}`)
      .update({ deleted: true, isActive: false });
    expect((await regenerate(owner, challengeId)).status).toBe(404);
    expect(
      await harness.database
        .ref(`users/${owner.uid}/challenges/no-such-challenge`)
        .get()
        .then((s) => s.exists()),
    ).toBe(false);
  });
});

describe('regenerate: caps and challenges that cannot be re-planned', () => {
  const regenerateAt = (url: string, member: TestMember, challengeId: string) =>
    postJson(`${url}/api/challenges/${challengeId}/regenerate`, {}, { token: member.idToken });

  it('409 on a challenge that has ended or that a moderator hides, and nothing is re-planned', async () => {
    const member = await readyMember(harness.database);
    const ended = await createChallenge(member);
    const hidden = await createChallenge(member);
    const path = (id: string) => `users/${member.uid}/challenges/${id}`;
    const endedRecord = await readChallenge(member.uid, ended);
    const closed: Record<string, number> = {};
    for (const day of Object.keys(endedRecord.meals))
      for (const slot of MEAL_SLOTS) {
        closed[`meals/${day}/${slot}/opensAt`] = Date.now() - 3 * 86_400_000;
        closed[`meals/${day}/${slot}/closesAt`] = Date.now() - 2 * 86_400_000;
      }
    await harness.database.ref(path(ended)).update(closed);
    await harness.database
      .ref(`${path(hidden)}/moderation`)
      .set({ hiddenAt: Date.now(), reason: 'spam' });
    const [endedBefore, hiddenBefore] = await Promise.all([
      readChallenge(member.uid, ended),
      readChallenge(member.uid, hidden),
    ]);

    expect(await regenerate(member, ended)).toMatchObject({
      status: 409,
      body: { error: 'This challenge has ended' },
    });
    expect(await regenerate(member, hidden)).toMatchObject({
      status: 409,
      body: { error: 'This challenge is hidden by a moderator' },
    });
    expect(await readChallenge(member.uid, ended)).toEqual(endedBefore);
    expect(await readChallenge(member.uid, hidden)).toEqual(hiddenBefore);
  });

  it(`429 naming the cap after ${REPLAN_CAPS.regenerate.perChallenge} regenerations of one challenge in a day, and after ${REPLAN_CAPS.regenerate.perMember} across a member's challenges`, async () => {
    // The per-minute throttle is raised here so that only the daily caps speak.
    const url = await harness.startApi({ generateRateLimit: { windowMs: 60_000, max: 1_000 } });
    const member = await readyMember(harness.database);
    const first = await createChallenge(member);
    const second = await createChallenge(member);
    for (let index = 0; index < REPLAN_CAPS.regenerate.perChallenge; index++)
      expect((await regenerateAt(url, member, first)).status).toBe(200);
    const capped = await regenerateAt(url, member, first);
    expect(capped).toMatchObject({
      status: 429,
      body: { error: replanCapMessage('regenerate', 'perChallenge') },
    });
    expect(capped.body.error).toContain(String(REPLAN_CAPS.regenerate.perChallenge));

    const left = REPLAN_CAPS.regenerate.perMember - REPLAN_CAPS.regenerate.perChallenge;
    for (let index = 0; index < left; index++)
      expect((await regenerateAt(url, member, second)).status).toBe(200);
    expect(await regenerateAt(url, member, second)).toMatchObject({
      status: 429,
      body: { error: replanCapMessage('regenerate', 'perMember') },
    });
  });

  it('each cap counts every use of the last 24 hours: no window boundary gives a second allowance', async () => {
    const HOUR = 60 * 60 * 1000;
    const clock = { now: Date.now() };
    const url = await harness.startApi({
      clock: () => clock.now,
      generateRateLimit: { windowMs: 60_000, max: 1_000 },
    });
    const member = await readyMember(harness.database);
    const created = await postJson(`${url}/api/generate`, generatePayload(member.uid, { day: 7 }), {
      token: member.idToken,
    });
    expect(created.status).toBe(201);
    const challengeId = created.body.challengeId as string;
    const cap = REPLAN_CAPS.regenerate.perChallenge;
    expect((await regenerateAt(url, member, challengeId)).status).toBe(200);
    clock.now += 20 * HOUR;
    for (let index = 1; index < cap; index++)
      expect((await regenerateAt(url, member, challengeId)).status).toBe(200);

    // A day after the first use only that one has left the last 24 hours.
    clock.now += 4 * HOUR + 1_000;
    expect((await regenerateAt(url, member, challengeId)).status).toBe(200);
    expect(await regenerateAt(url, member, challengeId)).toMatchObject({
      status: 429,
      body: { error: replanCapMessage('regenerate', 'perChallenge') },
    });
  });
});
