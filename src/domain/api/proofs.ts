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
  /**
   * When the server received the claim of a photo uploaded after its window closed (its doneAt is
   * that time, capped at the close); absent for a photo uploaded in time.
   */
  claimedAt?: number;
}

export interface ProofResponse extends ProvedMeal {
  challengeId: string;
  day: number;
  slot: MealSlot;
  /** The member's score as the server derived it with this proof (absent if that failed). */
  score?: number;
}

/** A claim: the SHA-256 of the compressed photo, in lower-case hex (crypto.subtle's digest, hex-encoded). */
export const PHOTO_SHA256 = /^[0-9a-f]{64}$/;

/** What a claim bounds and for how long (docs/security.md, "Proof claims"; docs/product.md, "Meal proofs"). */
export const PROOF_CLAIM_LIMITS = {
  /** Distinct photos a member may claim for one meal (a retry of the same photo is the same claim). */
  perMeal: 3,
  /** A claim received this long after the window closed still counts (the request was on its way). */
  graceMs: 2 * 60_000,
  /** A claimed photo may be uploaded and proved up to this long after its window closed. */
  lateUploadMs: 24 * 60 * 60_000,
  /** The device keeps a waiting photo no longer than this after it was taken (then it is useless). */
  deviceKeepMs: 48 * 60 * 60_000,
} as const;

/**
 * POST /api/challenges/:challengeId/days/:day/meals/:slot/claim: claims the meal with the photo's
 * SHA-256 while its window is open, so that photo may be uploaded and proved later (docs/security.md,
 * "Proof claims"). The server records its own receipt time; claiming the same photo again is answered
 * with the first claim.
 */
export const proofClaimRequestSchema = z.strictObject({
  sha256: z.string().regex(PHOTO_SHA256, 'Not a SHA-256 in lower-case hex'),
});
export type ProofClaimRequest = z.input<typeof proofClaimRequestSchema>;

export interface ProofClaimResponse {
  challengeId: string;
  day: number;
  slot: MealSlot;
  sha256: string;
  /** The server's time when it first received this claim. */
  receivedAt: number;
}
