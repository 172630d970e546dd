import { expect } from 'vitest';
import type { MealRecord } from '@domain/challenges/challenge-record';
import type { MealSlot } from '@domain/constants';
import { dbPaths } from '@domain/data/database-paths';
import type { ProofQueueEntry } from '@domain/challenges/proof-review';
import { storagePaths } from '@domain/data/storage-paths';
import {
  generatePayload,
  postJson,
  readyMember,
  type ApiHarness,
  type TestMember,
} from './api-harness';
import { storePhotoAt } from './proof-uploads';

/** 05:30 on 10 June 2025 in India: every window of the day is still ahead when challenges are made. */
export const PROOF_DAY = Date.parse('2025-06-10T00:00:00Z');
export const MINUTE = 60_000;

export interface Challenger extends TestMember {
  challengeId: string;
}

/**
 * Members with a one-day challenge who upload and prove meals over HTTP, on a harness whose clock is
 * `clock.now` (as proof-submit.test.ts does).
 */
export function proofChallengers(harness: () => ApiHarness, clock: { now: number }) {
  const read = async (path: string) => (await harness().database.ref(path).get()).val();
  const storedMeal = async ({ uid, challengeId }: Challenger, slot: MealSlot) =>
    (await read(`${dbPaths.challenge(uid, challengeId)}/meals/Day1/${slot}`)) as MealRecord;
  const photoPath = ({ uid, challengeId }: Challenger, slot: MealSlot, attempt = 1) =>
    storagePaths.mealProof(uid, challengeId, 1, slot, attempt);

  async function challenger(): Promise<Challenger> {
    clock.now = PROOF_DAY;
    const member = await readyMember(harness().database);
    const response = await postJson(
      `${harness().baseUrl}/api/generate`,
      generatePayload(member.uid, { day: 1 }),
      { token: member.idToken },
    );
    expect(response.status).toBe(201);
    return { ...member, challengeId: response.body.challengeId as string };
  }

  /** The photo stored 10 minutes into the meal's window, and the clock a minute later. */
  async function upload(
    member: Challenger,
    slot: MealSlot,
    bytes: Buffer,
    contentType = 'image/jpeg',
  ) {
    const { opensAt } = await storedMeal(member, slot);
    await storePhotoAt(
      harness().bucket,
      photoPath(member, slot),
      bytes,
      opensAt + 10 * MINUTE,
      contentType,
    );
    clock.now = opensAt + 11 * MINUTE;
  }

  const submit = (member: Challenger, slot: MealSlot, body: unknown = {}) =>
    postJson(
      `${harness().baseUrl}/api/challenges/${member.challengeId}/days/1/meals/${slot}/proof`,
      body,
      { token: member.idToken },
    );

  async function queueEntriesOf(uid: string): Promise<ProofQueueEntry[]> {
    const queue = ((await read(dbPaths.proofQueue)) ?? {}) as Record<string, ProofQueueEntry>;
    return Object.values(queue).filter((entry) => entry.uid === uid);
  }

  return { read, storedMeal, photoPath, challenger, upload, submit, queueEntriesOf };
}
