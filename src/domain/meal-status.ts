import type { MealStatus } from './constants';

export interface MealTiming {
  status?: string;
  opensAt: number;
  closesAt: number;
}

/** Done once proved (for ever); otherwise Pending, Available (opensAt ≤ now ≤ closesAt) or Expired. */
export function mealStatus(meal: MealTiming, now: number): MealStatus {
  if (meal.status === 'Done') return 'Done';
  if (now < meal.opensAt) return 'Pending';
  if (now <= meal.closesAt) return 'Available';
  return 'Expired';
}

export function canUploadProof(meal: MealTiming, now: number): boolean {
  return mealStatus(meal, now) === 'Available';
}
