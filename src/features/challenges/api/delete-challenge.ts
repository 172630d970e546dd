import { callApi } from '@/services/api-client';
import { dbPaths } from '@domain/data/database-paths';
import type { ChallengeRef } from '@domain/challenges/challenge-record';

/**
 * The soft delete as the owner's own client may still write it (the rules allow it; the rules matrix
 * and the identity test use it). The app deletes through the API, whose route writes the same
 * (functions/src/challenge-delete-route.ts) and recomputes.
 */
export function challengeDeleteWrites({ ownerId, challengeId }: ChallengeRef) {
  const challenge = dbPaths.challenge(ownerId, challengeId);
  return {
    [`${challenge}/deleted`]: true,
    [`${challenge}/isActive`]: false,
    [dbPaths.feedEntry(challengeId)]: null,
  };
}

/**
 * Soft delete (docs/product.md#states-and-transitions): the API marks it deleted and inactive, removes
 * its feed entry and recomputes the member's points and boards in the same request.
 */
export async function deleteChallenge({ challengeId }: ChallengeRef): Promise<void> {
  await callApi(`/api/challenges/${encodeURIComponent(challengeId)}`, undefined, 'DELETE');
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
