import type { MealSlot } from '@domain/constants';
import type { ChallengeRef } from '@domain/challenges/challenge-record';
import type { ProofReview } from '@domain/challenges/proof-review';
import { callApi } from '@/services/api-client';

/** What the server recorded (functions/src/proof-submit-route.ts). */
export interface RecordedProof {
  status: 'Done';
  img: string;
  imgPath: string;
  doneAt: number;
  /** Set when the proof waits for an admin (it earns nothing until approved). */
  review: ProofReview | null;
  /** The member's score as the server derived it with this proof (absent if that failed). */
  score?: number;
}

/**
 * Asks the server to record the photo just uploaded as the meal's proof: it checks the window, the
 * stored photo (a file that is not a picture, or one too large, is refused with a message, ApiError
 * 422), its capture time and whether it copies an earlier proof, writes the meal and derives the
 * member's points and boards in the same request (docs/security.md, "Proof checks"). Nothing but
 * the meal is sent: the server reads the capture time from the stored photo itself.
 */
export async function submitMealProof(
  { challengeId }: Pick<ChallengeRef, 'ownerId' | 'challengeId'>,
  dayNumber: number,
  slot: MealSlot,
): Promise<RecordedProof> {
  return callApi<RecordedProof>(
    `/api/challenges/${encodeURIComponent(challengeId)}/days/${dayNumber}/meals/${slot}/proof`,
    {},
  );
}
