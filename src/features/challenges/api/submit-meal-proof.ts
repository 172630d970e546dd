import type { MealSlot } from '@domain/constants';
import type { ChallengeRef } from '@domain/challenges/challenge-record';
import type { ProofReview } from '@domain/challenges/proof-review';
import { callApi } from '@/services/api-client';
import { recomputeMemberTotals } from './recompute-member-totals';

/** What the server recorded (functions/src/proof-submit-route.ts). */
export interface RecordedProof {
  status: 'Done';
  img: string;
  imgPath: string;
  doneAt: number;
  /** Set when the proof waits for an admin (it earns nothing until approved). */
  review: ProofReview | null;
}

/**
 * Asks the server to record the photo just uploaded as the meal's proof: it checks the window, the
 * stored photo (a file that is not a picture is refused with a message, ApiError 422) and whether
 * it copies an earlier proof, then writes the meal (docs/security.md, "Proof checks"). `capturedAt`
 * is the EXIF capture time, when the photo had one. Points follow from the server's recount.
 */
export async function submitMealProof(
  { challengeId }: Pick<ChallengeRef, 'ownerId' | 'challengeId'>,
  dayNumber: number,
  slot: MealSlot,
  capturedAt?: number,
): Promise<RecordedProof> {
  const recorded = await callApi<RecordedProof>(
    `/api/challenges/${encodeURIComponent(challengeId)}/days/${dayNumber}/meals/${slot}/proof`,
    capturedAt === undefined ? {} : { capturedAt },
  );
  await recomputeMemberTotals(challengeId);
  return recorded;
}
