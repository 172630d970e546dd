import { isCalendarDate, isValidTimeZone } from '@domain/calendar-dates';
import type { ChallengeRecord, DayMeals } from '@domain/challenges/challenge-record';
import { MEAL_SLOTS, type MealSlot } from '@domain/constants';
import { dayKey, mealWindow, type MealWindow } from '@domain/challenges/meal-schedule';
import type { ProofVerdict } from '../progress/member-rollup';
import { proofEarnsPoints } from '@domain/challenges/proof-review';
import { parseStoragePath, storagePaths } from '@domain/data/storage-paths';
import { PROOF_CLAIM_LIMITS } from '@domain/api/proofs';
import type { ProofStore } from './proof-store';

/** The meal's window derived again from the challenge's start date and zone (never read from the meal). */
export function windowOf(challenge: ChallengeRecord, dayNumber: number, slot: MealSlot) {
  const { startDate, timezone } = challenge;
  if (typeof startDate !== 'string' || !isCalendarDate(startDate)) return undefined;
  if (typeof timezone !== 'string' || !isValidTimeZone(timezone)) return undefined;
  return mealWindow(startDate, dayNumber, slot, timezone);
}

export const inside = (time: number | undefined, { opensAt, closesAt }: MealWindow) =>
  typeof time === 'number' && opensAt <= time && time <= closesAt;

/** The window during which a claim counts: the meal's own, plus the grace after its close. */
export const claimWindow = ({ opensAt, closesAt }: MealWindow): MealWindow => ({
  opensAt,
  closesAt: closesAt + PROOF_CLAIM_LIMITS.graceMs,
});

/** When a claimed photo may still be stored and proved: from the opening to 24 hours after the close. */
export const lateProofWindow = ({ opensAt, closesAt }: MealWindow): MealWindow => ({
  opensAt,
  closesAt: closesAt + PROOF_CLAIM_LIMITS.lateUploadMs,
});

/**
 * When the meal's photo must have been stored: inside its window, or, for a photo the proof route
 * matched to a claim received in time (its server-written `claimedAt`; members cannot write meals),
 * up to 24 hours after the close.
 */
function storedWithin(meal: { claimedAt?: unknown }, window: MealWindow): MealWindow {
  return typeof meal.claimedAt === 'number' && inside(meal.claimedAt, claimWindow(window))
    ? lateProofWindow(window)
    : window;
}

/**
 * Where the meal's photo is: its imgPath when that is one of this meal's attempts (the server wrote
 * it), else the first attempt's path (meals proved before the proof route).
 */
function proofPathOf(
  imgPath: string | undefined,
  uid: string,
  challengeId: string,
  day: number,
  slot: MealSlot,
): string {
  const parsed = imgPath ? parseStoragePath(imgPath) : null;
  const ownAttempt =
    parsed?.kind === 'mealProof' &&
    parsed.uid === uid &&
    parsed.challengeId === challengeId &&
    parsed.day === day &&
    parsed.slot === slot;
  return ownAttempt ? imgPath! : storagePaths.mealProof(uid, challengeId, day, slot);
}

/** Verdicts by 'Day{n}-{slot}' (storagePaths' naming), kept with the challenge's contribution. */
export type ProofVerdicts = Record<string, ProofVerdict>;

export interface VerifiedChallenge {
  challenge: ChallengeRecord;
  /** Every Done meal's verdict: the ones passed in and the new ones. */
  verdicts: ProofVerdicts;
  /** How many photos were looked up in Storage. */
  storageCalls: number;
}

/**
 * The challenge as far as its proofs hold: a Done meal stays Done only when its photo exists at
 * its path in Storage, created inside the meal's window (or within 24 hours of its close for a
 * claimed photo: storedWithin). Windows are derived again from the
 * challenge's start date and zone (the member's zone the server fixed at creation), not read
 * from the meal. Deleted challenges are returned as they are: they earn nothing anyway.
 *
 * A meal with a verdict for the same `doneAt` is not looked up again: a stored proof can be
 * neither replaced nor deleted (storage.rules) and only the proof route writes a Done meal (once
 * per attempt, each with its own doneAt), so the first look is final. That keeps Storage calls to
 * new proofs. A meal whose review is 'flagged' or 'rejected' earns nothing whatever its verdict.
 */
export async function verifyProofs(
  uid: string,
  challengeId: string,
  challenge: ChallengeRecord,
  proofs: ProofStore,
  known: ProofVerdicts = {},
): Promise<VerifiedChallenge> {
  if (challenge.deleted === true) return { challenge, verdicts: {}, storageCalls: 0 };
  const meals: Record<string, DayMeals> = { ...challenge.meals };
  const verdicts: ProofVerdicts = {};
  const checks: Promise<void>[] = [];
  for (let dayNumber = 1; dayNumber <= challenge.day; dayNumber++) {
    const key = dayKey(dayNumber);
    const day = meals[key];
    if (!day) continue;
    const verifiedDay: DayMeals = { ...day };
    meals[key] = verifiedDay;
    for (const slot of MEAL_SLOTS) {
      const meal = day[slot];
      if (meal?.status !== 'Done') continue;
      const earns = proofEarnsPoints(meal);
      const window = windowOf(challenge, dayNumber, slot);
      verifiedDay[slot] = { ...meal, status: 'Unverified' };
      if (!window || !inside(meal.doneAt, window)) continue;
      const doneAt = meal.doneAt as number;
      const name = `${key}-${slot}`;
      const settle = (ok: boolean) => {
        verdicts[name] = { doneAt, ok };
        // The verdict is Storage's alone; a flag or a rejection withholds points on top of it, so
        // an approval counts at once without a second look-up (docs/security.md, "Proof checks").
        if (ok && earns) verifiedDay[slot] = { ...meal, ...window };
      };
      const previous = known[name];
      if (previous?.doneAt === doneAt) {
        settle(previous.ok);
        continue;
      }
      const path = proofPathOf(meal.imgPath, uid, challengeId, dayNumber, slot);
      const storedBy = storedWithin(meal as { claimedAt?: unknown }, window);
      checks.push(proofs.createdAt(path).then((createdAt) => settle(inside(createdAt, storedBy))));
    }
  }
  await Promise.all(checks);
  return { challenge: { ...challenge, meals }, verdicts, storageCalls: checks.length };
}
