import type { DayMeals } from '@domain/challenges/challenge-record';
import { MEAL_SLOTS } from '@domain/constants';

export interface DayNutrients {
  calories: number;
  protein: number;
  carbs: number;
  fat: number;
  fibre: number;
}

/** What a day's planned meals add up to; meals planned before fibre was recorded count none. */
export function dayNutrients(meals: DayMeals): DayNutrients {
  const total: DayNutrients = { calories: 0, protein: 0, carbs: 0, fat: 0, fibre: 0 };
  for (const slot of MEAL_SLOTS) {
    const meal = meals[slot];
    if (!meal) continue;
    total.calories += meal.calories ?? 0;
    total.protein += meal.protein ?? 0;
    total.carbs += meal.carbs ?? 0;
    total.fat += meal.fat ?? 0;
    total.fibre += meal.fibre ?? 0;
  }
  return total;
}
