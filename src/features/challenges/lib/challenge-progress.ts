import type { DayMeals } from '@domain/challenges/challenge-record';
import { MEAL_SLOTS } from '@domain/constants';
import { mealAdherence, type Adherence } from '@domain/challenges/meal-adherence';
import { proofReviewLabel } from '@domain/challenges/meal-status';
import { provedInWindow } from '@domain/challenges/points';
import { proofEarnsPoints } from '@domain/challenges/proof-review';
import type { DayPlan } from './challenge-meals';
import { dayNutrients, type DayNutrients } from './day-nutrients';

export interface DayProgress {
  dayNumber: number;
  planned: number;
  proved: number;
  /** Meals whose proof waits for an admin: not proved (yet), shown as "Under review". */
  underReview: number;
  /** What the proved meals add up to (planned portions): what the member ate, as far as we know. */
  eaten: DayNutrients;
}

export interface ChallengeProgress {
  days: DayProgress[];
  planned: number;
  proved: number;
  underReview: number;
  /** Proved of the meals so far, with the plan's total (meal-adherence.ts: one meaning everywhere). */
  adherence: Adherence;
}

/**
 * Counts as proved what earns on the server: a proof inside its window (points.ts) that is not under
 * review or rejected (proof-review.ts), the two checks recompute makes (docs/security.md, "Proof checks").
 */
const counts = (meal: DayMeals[keyof DayMeals]) => provedInWindow(meal) && proofEarnsPoints(meal);

/**
 * Per day, the meals proved against those planned and what the proved meals add up to; overall, adherence at
 * `now` for a member who started at `startedAt` (meals closed before it are not counted).
 */
export function challengeProgress(
  plans: DayPlan[],
  now: number,
  startedAt: number | undefined,
): ChallengeProgress {
  const days = plans.map(({ dayNumber, meals }) => {
    const proved: DayMeals = {};
    let planned = 0;
    let underReview = 0;
    for (const slot of MEAL_SLOTS) {
      const meal = meals[slot];
      if (!meal) continue;
      planned++;
      if (counts(meal)) proved[slot] = meal;
      else if (proofReviewLabel(meal) === 'Under review') underReview++;
    }
    const eaten = dayNutrients(proved);
    return { dayNumber, planned, proved: Object.keys(proved).length, underReview, eaten };
  });
  const sum = (field: 'planned' | 'proved' | 'underReview') =>
    days.reduce((total, day) => total + day[field], 0);
  const planned = sum('planned');
  const proved = sum('proved');
  const meals = plans.flatMap(({ meals: day }) => MEAL_SLOTS.flatMap((slot) => day[slot] ?? []));
  const adherence = mealAdherence(meals, counts, now, startedAt);
  return { days, planned, proved, underReview: sum('underReview'), adherence };
}
