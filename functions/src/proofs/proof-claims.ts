import { createHash } from 'node:crypto';
import type { Database } from 'firebase-admin/database';
import type { ChallengeRecord } from '@domain/challenges/challenge-record';
import type { MealSlot } from '@domain/constants';
import { dbPaths } from '@domain/data/database-paths';
import { dayKey, type MealWindow } from '@domain/challenges/meal-schedule';
import { nextProofAttempt } from '@domain/challenges/proof-review';
import { PROOF_CLAIM_LIMITS, type ProofClaimResponse } from '@domain/api/proofs';
import { HttpError } from '../http/http-error';
import { claimWindow, windowOf } from './proof-verification';

/**
 * Proof claims (docs/security.md, "Proof claims"): while a meal's window is open the member's app
 * sends the SHA-256 of the photo it holds; the server files it under its own receipt time. A photo
 * whose stored bytes hash to a claim received in time may then be proved up to 24 hours after the
 * close. Server-only records (database.rules.json: no client reads or writes them):
 * proofClaims/{uid}/{challengeId}/Day{n}-{slot}/{sha256} = receipt time (epoch ms).
 */
export const proofClaimsPath = (uid: string, challengeId: string, day: number, slot: MealSlot) =>
  `proofClaims/${uid}/${challengeId}/${dayKey(day)}-${slot}`;

export interface MealRef {
  uid: string;
  challengeId: string;
  day: number;
  slot: MealSlot;
}

const receivedInTime = (at: unknown, window: MealWindow): at is number => {
  const { opensAt, closesAt } = claimWindow(window);
  return typeof at === 'number' && opensAt <= at && at <= closesAt;
};

export const photoSha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** When the claim of exactly these bytes was received, if it was received in time; else undefined. */
export async function timelyClaimOf(
  database: Database,
  meal: MealRef,
  bytes: Buffer,
  window: MealWindow,
): Promise<number | undefined> {
  const path = `${proofClaimsPath(meal.uid, meal.challengeId, meal.day, meal.slot)}/${photoSha256(bytes)}`;
  const at = (await database.ref(path).get()).val() as unknown;
  return receivedInTime(at, window) ? at : undefined;
}

/** Whether any claim of this meal was received in time (the upload check keeps its late photo). */
export async function hasTimelyClaim(
  database: Database,
  meal: MealRef,
  window: MealWindow,
): Promise<boolean> {
  const path = proofClaimsPath(meal.uid, meal.challengeId, meal.day, meal.slot);
  const claims = ((await database.ref(path).get()).val() ?? {}) as Record<string, unknown>;
  return Object.values(claims).some((at) => receivedInTime(at, window));
}

/** Refuses a meal that cannot be claimed (why, as the member should read it). */
function assertClaimable(challenge: ChallengeRecord | null, day: number, slot: MealSlot) {
  if (!challenge || challenge.deleted === true)
    throw new HttpError(404, 'not-found', 'Challenge not found');
  if (challenge.moderation)
    throw new HttpError(409, 'challenge-hidden', 'This challenge is hidden by a moderator');
  const meal = challenge.meals?.[dayKey(day)]?.[slot];
  if (day > challenge.day || !meal) throw new HttpError(404, 'not-found', 'Meal not found');
  if (nextProofAttempt(meal) === undefined)
    throw new HttpError(409, 'already-proved', 'This meal is already proved');
}

/**
 * Files the member's claim of a photo for the meal at the server's time: only while the window is
 * open (plus the grace), at most PROOF_CLAIM_LIMITS.perMeal photos a meal. The same photo claimed
 * again (an app retrying) is answered with its first receipt time and uses no allowance.
 */
export async function recordClaim(
  { database, clock }: { database: Database; clock: () => number },
  meal: MealRef,
  sha256: string,
): Promise<ProofClaimResponse> {
  const { uid, challengeId, day, slot } = meal;
  const [challengeSnapshot, disabledSnapshot] = await Promise.all([
    database.ref(dbPaths.challenge(uid, challengeId)).get(),
    database.ref(dbPaths.disabledMember(uid)).get(),
  ]);
  if (disabledSnapshot.exists())
    throw new HttpError(403, 'account-disabled', 'This account is disabled');
  const challenge = challengeSnapshot.val() as ChallengeRecord | null;
  assertClaimable(challenge, day, slot);
  const window = windowOf(challenge!, day, slot);
  const now = clock();
  if (!window || now < window.opensAt)
    throw new HttpError(409, 'window-not-open', "This meal's window has not opened yet");
  if (now > claimWindow(window).closesAt)
    throw new HttpError(409, 'window-closed', "This meal's window has closed");

  let full = false;
  const result = await database
    .ref(proofClaimsPath(uid, challengeId, day, slot))
    .transaction((current: Record<string, number> | null) => {
      full = false;
      const claims = current ?? {};
      if (claims[sha256] !== undefined) return claims;
      if (Object.keys(claims).length >= PROOF_CLAIM_LIMITS.perMeal) {
        full = true;
        return undefined;
      }
      return { ...claims, [sha256]: now };
    });
  if (full)
    throw new HttpError(
      409,
      'claims-used',
      `No more photos can be claimed for this meal (${PROOF_CLAIM_LIMITS.perMeal} at most)`,
    );
  const receivedAt = (result.snapshot.val() as Record<string, number> | null)?.[sha256];
  if (typeof receivedAt !== 'number')
    throw new HttpError(503, 'unavailable', 'Could not record your claim, please try again');
  return { challengeId, day, slot, sha256, receivedAt };
}
