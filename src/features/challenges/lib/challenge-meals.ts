import type { ChallengeRecord, DayMeals, MealRecord } from '@domain/challenges/challenge-record';
import { MEAL_SLOTS, type MealSlot } from '@domain/constants';
import { dayKey } from '@domain/challenges/meal-schedule';

export interface DayPlan {
  dayNumber: number;
  meals: DayMeals;
  calories: number;
  protein: number;
}

/** Day1..DayN in order, with each day's calorie and protein totals. */
export function dayPlans(challenge: Pick<ChallengeRecord, 'day' | 'meals'>): DayPlan[] {
  return Array.from({ length: challenge.day }, (_, index) => {
    const meals = challenge.meals?.[dayKey(index + 1)] ?? {};
    const present = MEAL_SLOTS.map((slot) => meals[slot]).filter((meal): meal is MealRecord =>
      Boolean(meal),
    );
    return {
      dayNumber: index + 1,
      meals,
      calories: Math.round(present.reduce((sum, meal) => sum + (meal.calories ?? 0), 0)),
      protein: Math.round(present.reduce((sum, meal) => sum + (meal.protein ?? 0), 0)),
    };
  });
}

/** The day whose meals are happening now (or next), so the page opens on it. */
export function currentDayNumber(plans: DayPlan[], now: number): number {
  const upcoming = plans.find((plan) =>
    MEAL_SLOTS.some((slot) => (plan.meals[slot]?.closesAt ?? 0) >= now),
  );
  return upcoming?.dayNumber ?? plans.at(-1)?.dayNumber ?? 1;
}

export interface ProofPhoto {
  url: string;
  dayNumber: number;
  slot: MealSlot;
  mealName: string;
}

/** Proof photos of a challenge: the meals proved with a stored upload. */
export function proofPhotos(plans: DayPlan[]): ProofPhoto[] {
  return plans.flatMap(({ dayNumber, meals }) =>
    MEAL_SLOTS.flatMap((slot) => {
      const meal = meals[slot];
      return meal?.status === 'Done' && meal.imgPath && meal.img
        ? [{ url: meal.img, dayNumber, slot, mealName: meal.name }]
        : [];
    }),
  );
}

export const slotLabel = (slot: MealSlot) => slot[0].toUpperCase() + slot.slice(1);
