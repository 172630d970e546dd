import { z } from '@domain/zod';
import { CAPTURED_AT_BOUNDS } from '@domain/challenges/proof-review';
import type { MealSlot } from '@domain/constants';
import type { ProofReview } from '@domain/challenges/proof-review';

/**
 * The proof route's contract (docs/architecture.md, "The API"), used by both functions/src/proofs and
 * src/features/challenges/api/submit-meal-proof.ts.
 */

/**
 * POST /api/challenges/:challengeId/days/:day/meals/:slot/proof: no fields. `capturedAt` is what apps
 * loaded before the server read EXIF itself still send: it is accepted so they can prove, and ignored
 * (the stored photo's own EXIF decides).
 */
export const proofRequestSchema = z.strictObject({
  capturedAt: z.number().int().min(CAPTURED_AT_BOUNDS.min).max(CAPTURED_AT_BOUNDS.max).optional(),
});
export type ProofRequest = z.input<typeof proofRequestSchema>;

/** The meal's state as just written. */
export interface ProvedMeal {
  status: 'Done';
  img: string;
  imgPath: string;
  doneAt: number;
  /** Set when the proof waits for an admin (it earns nothing until approved). */
  review: ProofReview | null;
}

export interface ProofResponse extends ProvedMeal {
  challengeId: string;
  day: number;
  slot: MealSlot;
  /** The member's score as the server derived it with this proof (absent if that failed). */
  score?: number;
}
