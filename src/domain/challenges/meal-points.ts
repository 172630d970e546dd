import { MEAL_SLOTS, POINTS, type MealSlot } from '@domain/constants';
import type { DayMeals } from '@domain/challenges/challenge-record';
import { provedInWindow } from '@domain/challenges/points';
import { proofEarnsPoints } from '@domain/challenges/proof-review';

const earns = (meal: DayMeals[MealSlot]) => provedInWindow(meal) && proofEarnsPoints(meal);

/**
 * What one proved meal brought (points.ts's rules): its own points, and the day's bonus when it was the last
 * of the day's three to be proved. 0 for a meal that earns nothing (not proved in its window, or under review).
 */
export function mealPointsEarned(meals: DayMeals, slot: MealSlot): number {
  const meal = meals[slot];
  if (!earns(meal)) return 0;
  const dayComplete = MEAL_SLOTS.every((other) => earns(meals[other]));
  const lastOfDay = MEAL_SLOTS.every((other) => (meals[other]?.doneAt ?? 0) <= (meal?.doneAt ?? 0));
  return POINTS.mealInWindow + (dayComplete && lastOfDay ? POINTS.fullDayBonus : 0);
}
