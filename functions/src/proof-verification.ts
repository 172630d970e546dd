import { isCalendarDate, isValidTimeZone } from '../../src/domain/calendar-dates';
import type { ChallengeRecord, DayMeals } from '../../src/domain/challenge-record';
import { MEAL_SLOTS, type MealSlot } from '../../src/domain/constants';
import { dayKey, mealWindow, type MealWindow } from '../../src/domain/meal-schedule';
import type { ProofVerdict } from '../../src/domain/member-progress';
import { storagePaths } from '../../src/domain/storage-paths';
import type { ProofStore } from './proof-store';

function windowOf(challenge: ChallengeRecord, dayNumber: number, slot: MealSlot) {
  const { startDate, timezone } = challenge;
  if (typeof startDate !== 'string' || !isCalendarDate(startDate)) return undefined;
  if (typeof timezone !== 'string' || !isValidTimeZone(timezone)) return undefined;
  return mealWindow(startDate, dayNumber, slot, timezone);
}

const inside = (time: number | undefined, { opensAt, closesAt }: MealWindow) =>
  typeof time === 'number' && opensAt <= time && time <= closesAt;

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
 * its path in Storage, created inside the meal's window. Windows are derived again from the
 * challenge's start date and zone (the member's zone the server fixed at creation), not read
 * from the meal. Deleted challenges are returned as they are: they earn nothing anyway.
 *
 * A meal with a verdict for the same `doneAt` is not looked up again: a stored proof can be
 * neither replaced nor deleted (storage.rules) and a Done meal can't be proved again
 * (database.rules.json), so the first look is final. That keeps Storage calls to new proofs.
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
      const window = windowOf(challenge, dayNumber, slot);
      verifiedDay[slot] = { ...meal, status: 'Unverified' };
      if (!window || !inside(meal.doneAt, window)) continue;
      const doneAt = meal.doneAt as number;
      const name = `${key}-${slot}`;
      const settle = (ok: boolean) => {
        verdicts[name] = { doneAt, ok };
        if (ok) verifiedDay[slot] = { ...meal, ...window };
      };
      const previous = known[name];
      if (previous?.doneAt === doneAt) {
        settle(previous.ok);
        continue;
      }
      const path = storagePaths.mealProof(uid, challengeId, dayNumber, slot);
      checks.push(proofs.createdAt(path).then((createdAt) => settle(inside(createdAt, window))));
    }
  }
  await Promise.all(checks);
  return { challenge: { ...challenge, meals }, verdicts, storageCalls: checks.length };
}
