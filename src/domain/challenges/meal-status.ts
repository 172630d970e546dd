import type { MealStatus } from '@domain/constants';
import { nextProofAttempt, type ProofReview } from '@domain/challenges/proof-review';

export interface MealTiming {
  status?: string;
  opensAt: number;
  closesAt: number;
  imgPath?: string;
  review?: Pick<ProofReview, 'state'>;
}

/**
 * Done once proved (for ever); otherwise Pending, Available (opensAt ≤ now ≤ closesAt) or Expired.
 * A rejected proof (status 'Rejected') is not Done: its window decides, as for a meal never proved.
 */
export function mealStatus(meal: MealTiming, now: number): MealStatus {
  if (meal.status === 'Done') return 'Done';
  if (now < meal.opensAt) return 'Pending';
  if (now <= meal.closesAt) return 'Available';
  return 'Expired';
}

/** Inside the window, not proved, and a photo attempt left (docs/product.md#meal-proofs). */
export function canUploadProof(meal: MealTiming, now: number): boolean {
  return mealStatus(meal, now) === 'Available' && nextProofAttempt(meal) !== undefined;
}

/** What the owner reads of a proof's review: under review while flagged, rejected with the admin's reason. */
export function proofReviewLabel(meal: {
  status?: string;
  review?: Pick<ProofReview, 'state'>;
}): 'Under review' | 'Rejected' | undefined {
  if (meal.review?.state === 'rejected' && meal.status !== 'Done') return 'Rejected';
  if (meal.review?.state === 'flagged' && meal.status === 'Done') return 'Under review';
  return undefined;
}
