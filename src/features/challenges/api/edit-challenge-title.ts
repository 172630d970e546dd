import { z } from 'zod';
import { challengeTitleField } from '@/domain/form-fields';
import { SERVER_TIME, writePaths } from '@/services/database';
import { dbPaths } from '@/domain/database-paths';
import type { ChallengeRef } from '@/domain/challenge-record';

export const editTitleInputSchema = z.object({
  title: challengeTitleField(),
});

export type EditTitleInput = z.infer<typeof editTitleInputSchema>;

/** The challenge and its feed entry change together, or not at all. */
export function editChallengeTitle(
  { ownerId, challengeId }: ChallengeRef,
  { title }: EditTitleInput,
): Promise<void> {
  const challenge = dbPaths.challenge(ownerId, challengeId);
  const feedEntry = dbPaths.feedEntry(challengeId);
  return writePaths({
    [`${challenge}/title`]: title,
    [`${challenge}/updatedAt`]: SERVER_TIME,
    [`${feedEntry}/title`]: title,
    [`${feedEntry}/updatedAt`]: SERVER_TIME,
  });
}
