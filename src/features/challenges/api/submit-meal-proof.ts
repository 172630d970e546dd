import type { MealSlot } from '@domain/constants';
import type { ChallengeRef } from '@domain/challenges/challenge-record';
import type { ProofRequest, ProofResponse } from '@domain/api/proofs';
import { callApi } from '@/services/api-client';

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
): Promise<ProofResponse> {
  const body: ProofRequest = {};
  return callApi<ProofResponse>(
    `/api/challenges/${encodeURIComponent(challengeId)}/days/${dayNumber}/meals/${slot}/proof`,
    body,
  );
}
