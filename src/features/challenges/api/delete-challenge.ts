import { writePaths } from '@/services/database';
import { dbPaths } from '@domain/data/database-paths';
import type { ChallengeRef } from '@domain/challenges/challenge-record';
import { recomputeMemberTotals } from './recompute-member-totals';

/** The soft-delete update: the challenge marked deleted and inactive, its feed entry removed. */
export function challengeDeleteWrites({ ownerId, challengeId }: ChallengeRef) {
  const challenge = dbPaths.challenge(ownerId, challengeId);
  return {
    [`${challenge}/deleted`]: true,
    [`${challenge}/isActive`]: false,
    [dbPaths.feedEntry(challengeId)]: null,
  };
}

/** Soft delete (docs/product.md#states-and-transitions): hidden everywhere, no longer counted; the server then recounts. */
export async function deleteChallenge(challenge: ChallengeRef): Promise<void> {
  await writePaths(challengeDeleteWrites(challenge));
  await recomputeMemberTotals(challenge.challengeId);
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
