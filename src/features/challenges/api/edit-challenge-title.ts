import { z } from 'zod';
import { INPUT_LIMITS } from '@/domain/constants';
import { SERVER_TIME, writePaths } from '@/services/database';
import { dbPaths } from '@/services/paths';
import type { ChallengeRef } from '@/domain/challenge-record';

export const editTitleInputSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Title is required')
    .max(INPUT_LIMITS.title, `Title must be at most ${INPUT_LIMITS.title} characters`),
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
