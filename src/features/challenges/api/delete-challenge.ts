import { writePaths } from '@/services/database';
import { dbPaths } from '@/domain/database-paths';
import type { ChallengeRef } from '@/domain/challenge-record';
import { recomputeMemberTotals } from './recompute-member-totals';

/** Soft delete (docs/product.md#states-and-transitions): hidden everywhere, no longer counted; the server then recounts. */
export async function deleteChallenge({ ownerId, challengeId }: ChallengeRef): Promise<void> {
  const challenge = dbPaths.challenge(ownerId, challengeId);
  await writePaths({
    [`${challenge}/deleted`]: true,
    [`${challenge}/isActive`]: false,
    [dbPaths.feedEntry(challengeId)]: null,
  });
  await recomputeMemberTotals();
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
