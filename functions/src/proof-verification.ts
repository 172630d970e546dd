import { isCalendarDate, isValidTimeZone } from '../../src/domain/calendar-dates';
import type { ChallengeRecord, DayMeals } from '../../src/domain/challenge-record';
import { MEAL_SLOTS, type MealSlot } from '../../src/domain/constants';
import { dayKey, mealWindow, type MealWindow } from '../../src/domain/meal-schedule';
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

/**
 * The challenge as far as its proofs hold: a Done meal stays Done only when its photo exists at
 * its path in Storage, created inside the meal's window. Windows are derived again from the
 * challenge's start date and zone (the member's zone the server fixed at creation), not read
 * from the meal. Deleted challenges are returned as they are: they earn nothing anyway.
 */
export async function withVerifiedProofs(
  uid: string,
  challengeId: string,
  challenge: ChallengeRecord,
  proofs: ProofStore,
): Promise<ChallengeRecord> {
  if (challenge.deleted === true) return challenge;
  const meals: Record<string, DayMeals> = { ...challenge.meals };
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
      const unproved = { ...meal, status: 'Unverified' };
      verifiedDay[slot] = unproved;
      if (!window || !inside(meal.doneAt, window)) continue;
      const path = storagePaths.mealProof(uid, challengeId, dayNumber, slot);
      checks.push(
        proofs.createdAt(path).then((createdAt) => {
          if (inside(createdAt, window)) verifiedDay[slot] = { ...meal, ...window };
        }),
      );
    }
  }
  await Promise.all(checks);
  return { ...challenge, meals };
}
