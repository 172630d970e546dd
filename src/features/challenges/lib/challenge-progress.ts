import type { DayMeals } from '@/domain/challenge-record';
import { MEAL_SLOTS } from '@/domain/constants';
import type { DayPlan } from './challenge-meals';
import { dayNutrients, type DayNutrients } from './day-nutrients';

export interface DayProgress {
  dayNumber: number;
  planned: number;
  proved: number;
  /** What the proved meals add up to (planned portions): what the member ate, as far as we know. */
  eaten: DayNutrients;
}

export interface ChallengeProgress {
  days: DayProgress[];
  planned: number;
  proved: number;
  /** Meals proved out of meals planned, 0–100, rounded. */
  adherence: number;
}

/** Per day, the meals proved against those planned and what the proved meals add up to. */
export function challengeProgress(plans: DayPlan[]): ChallengeProgress {
  const days = plans.map(({ dayNumber, meals }) => {
    const proved: DayMeals = {};
    let planned = 0;
    for (const slot of MEAL_SLOTS) {
      const meal = meals[slot];
      if (!meal) continue;
      planned++;
      if (meal.status === 'Done') proved[slot] = meal;
    }
    return { dayNumber, planned, proved: Object.keys(proved).length, eaten: dayNutrients(proved) };
  });
  const planned = days.reduce((sum, day) => sum + day.planned, 0);
  const proved = days.reduce((sum, day) => sum + day.proved, 0);
  return { days, planned, proved, adherence: planned ? Math.round((proved / planned) * 100) : 0 };
}
