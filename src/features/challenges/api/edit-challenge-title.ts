import { z } from 'zod';
import { INPUT_LIMITS } from '../../../domain/constants';
import { readValue, SERVER_TIME, writePaths } from '../../../services/database';
import { dbPaths } from '../../../services/paths';
import type { ChallengeRef } from './challenge-ref';

export const editTitleInputSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Title is required')
    .max(INPUT_LIMITS.title, `Title must be at most ${INPUT_LIMITS.title} characters`),
});

export type EditTitleInput = z.infer<typeof editTitleInputSchema>;

/**
 * The challenge and its feed entry change together, or not at all. A challenge may have no feed
 * entry (one that was never published, or older data): then only the challenge changes, since a
 * title written into a missing entry would be a made-up feed entry, which the rules refuse.
 */
export async function editChallengeTitle(
  { ownerId, challengeId }: ChallengeRef,
  { title }: EditTitleInput,
): Promise<void> {
  const challenge = dbPaths.challenge(ownerId, challengeId);
  const feedEntry = dbPaths.feedEntry(challengeId);
  const published = (await readValue<string>(`${feedEntry}/uid`)) === ownerId;
  await writePaths({
    [`${challenge}/title`]: title,
    [`${challenge}/updatedAt`]: SERVER_TIME,
    ...(published && {
      [`${feedEntry}/title`]: title,
      [`${feedEntry}/updatedAt`]: SERVER_TIME,
    }),
  });
}
