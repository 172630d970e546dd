import type { DeleteChallengeResponse } from '@domain/api/challenges';
import { callApi } from '@/services/api-client';
import type { ChallengeRef } from '@domain/challenges/challenge-record';

/**
 * Soft delete (docs/product.md#states-and-transitions): the API marks it deleted and inactive, removes
 * its feed entry and recomputes the member's points and boards in the same request.
 */
export async function deleteChallenge({ challengeId }: ChallengeRef): Promise<void> {
  await callApi<DeleteChallengeResponse>(
    `/api/challenges/${encodeURIComponent(challengeId)}`,
    undefined,
    'DELETE',
  );
}

/** The confirmation words of docs/product.md#states-and-transitions, verbatim. */
export function deleteConfirmation(title: string) {
  return {
    title: 'Are you sure?',
    text: `Do you really want to delete this "${title}" challenge?`,
    confirmButtonText: 'Yes, delete it!',
    cancelButtonText: 'No, keep it',
  };
}
