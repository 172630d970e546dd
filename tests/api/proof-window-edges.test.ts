import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChallengeRecord, MealRecord } from '@domain/challenges/challenge-record';
import type { MealSlot } from '@domain/constants';
import {
  generatePayload,
  postJson,
  readyMember,
  startApiHarness,
  TEST_BUCKET,
  uploadProofAt,
  type ApiHarness,
  type TestMember,
} from './api-harness';

// A proof's window at its edges, and whose window it is: the server's, derived from the challenge's start
// date and zone (functions/src/proofs/proof-verification.ts), then scored by src/domain/challenges/points.ts.

/** 05:30 on 10 June 2025 in India: every window of the day is still ahead. */
const NOW = Date.parse('2025-06-10T00:00:00Z');
const HOUR = 60 * 60 * 1000;

let harness: ApiHarness;

beforeAll(async () => {
  harness = await startApiHarness({ clock: () => NOW });
});
afterAll(() => harness?.close());

const read = async (path: string) => (await harness.database.ref(path).get()).val();

async function createChallenge(member: TestMember): Promise<string> {
  const response = await postJson(
    `${harness.baseUrl}/api/generate`,
    generatePayload(member.uid, { day: 1 }),
    { token: member.idToken },
  );
  expect(response.status).toBe(201);
  return response.body.challengeId as string;
}

const mealPath = (uid: string, challengeId: string, slot: MealSlot) =>
  `users/${uid}/challenges/${challengeId}/meals/Day1/${slot}`;

/** The meal as generate stored it (its window the server's own at creation). */
const storedMeal = async (uid: string, challengeId: string, slot: MealSlot) =>
  (await read(mealPath(uid, challengeId, slot))) as MealRecord;

/** A proof as the owner's client leaves it: the photo stored at `photoAt`, the meal marked done at `doneAt`. */
async function prove(
  uid: string,
  challengeId: string,
  slot: MealSlot,
  { photoAt, doneAt }: { photoAt: number; doneAt: number },
) {
  const objectPath = `Challenge/${uid}/${challengeId}/Day1-${slot}.jpg`;
  await uploadProofAt(harness.bucket, objectPath, photoAt);
  await harness.database.ref(mealPath(uid, challengeId, slot)).update({
    status: 'Done',
    img: `https://firebasestorage.googleapis.com/v0/b/${TEST_BUCKET}/o/${encodeURIComponent(objectPath)}?alt=media&token=t`,
    imgPath: objectPath,
    doneAt,
  });
}

async function score(member: TestMember): Promise<number> {
  const response = await postJson(
    `${harness.baseUrl}/api/me/recompute`,
    {},
    { token: member.idToken },
  );
  expect(response.status).toBe(200);
  return response.body.score as number;
}

describe('a proof at the edges of its window', () => {
  it('counts a photo stored and a meal done at the very millisecond the window closes', async () => {
    const member = await readyMember(harness.database);
    const challengeId = await createChallenge(member);
    const { closesAt } = await storedMeal(member.uid, challengeId, 'breakfast');
    await prove(member.uid, challengeId, 'breakfast', { photoAt: closesAt, doneAt: closesAt });
    expect(await score(member)).toBe(10);
  });

  it('counts a photo stored and a meal done at the very millisecond the window opens', async () => {
    const member = await readyMember(harness.database);
    const challengeId = await createChallenge(member);
    const { opensAt } = await storedMeal(member.uid, challengeId, 'lunch');
    await prove(member.uid, challengeId, 'lunch', { photoAt: opensAt, doneAt: opensAt });
    expect(await score(member)).toBe(10);
  });

  it('counts no photo stored a millisecond after the window closed, though marked done inside it', async () => {
    const member = await readyMember(harness.database);
    const challengeId = await createChallenge(member);
    const { opensAt, closesAt } = await storedMeal(member.uid, challengeId, 'dinner');
    await prove(member.uid, challengeId, 'dinner', { photoAt: closesAt + 1, doneAt: closesAt });
    expect(await score(member)).toBe(0);
    await prove(member.uid, challengeId, 'dinner', { photoAt: opensAt - 1, doneAt: opensAt });
    expect(await score(member)).toBe(0);
  });
});

describe('whose window a proof is checked against', () => {
  it('not one widened on the stored meal: a proof an hour after the real window earns nothing', async () => {
    const member = await readyMember(harness.database);
    const challengeId = await createChallenge(member);
    const path = mealPath(member.uid, challengeId, 'breakfast');
    const { opensAt, closesAt } = await storedMeal(member.uid, challengeId, 'breakfast');
    // A record whose window was moved after creation (an old client, a rules gap, a hand edit).
    await harness.database
      .ref(path)
      .update({ opensAt: opensAt - 6 * HOUR, closesAt: closesAt + 6 * HOUR });
    await prove(member.uid, challengeId, 'breakfast', {
      photoAt: closesAt + HOUR,
      doneAt: closesAt + HOUR,
    });
    expect(await score(member)).toBe(0);
  });

  it('not one moved away on the stored meal: a proof inside the real window still counts', async () => {
    const member = await readyMember(harness.database);
    const challengeId = await createChallenge(member);
    const path = mealPath(member.uid, challengeId, 'lunch');
    const { opensAt, closesAt } = await storedMeal(member.uid, challengeId, 'lunch');
    await harness.database
      .ref(path)
      .update({ opensAt: opensAt + 24 * HOUR, closesAt: closesAt + 24 * HOUR });
    await prove(member.uid, challengeId, 'lunch', {
      photoAt: opensAt + HOUR,
      doneAt: opensAt + HOUR,
    });
    expect(await score(member)).toBe(10);
    const challenge = (await read(
      `users/${member.uid}/challenges/${challengeId}`,
    )) as ChallengeRecord;
    expect(challenge.meals.Day1.lunch?.status).toBe('Done');
  });
});
