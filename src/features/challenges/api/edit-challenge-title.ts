import { z } from '@domain/zod';
import { readValue, SERVER_TIME, writePaths } from '@/services/database';
import { dbPaths } from '@domain/data/database-paths';
import type { ChallengeRef } from '@domain/challenges/challenge-record';
import { challengeTitleField } from '@domain/form-fields';

export const editTitleInputSchema = z.object({
  title: challengeTitleField(),
});

export type EditTitleInput = z.infer<typeof editTitleInputSchema>;

/**
 * The update that retitles a challenge. The challenge and its feed entry change together, or not
 * at all. A challenge may have no feed entry (one that was never published, or older data): then
 * only the challenge changes, since a title written into a missing entry would be a made-up feed
 * entry, which the rules refuse.
 */
export function challengeTitleWrites(
  { ownerId, challengeId }: ChallengeRef,
  title: string,
  published: boolean,
): Record<string, unknown> {
  const challenge = dbPaths.challenge(ownerId, challengeId);
  const feedEntry = dbPaths.feedEntry(challengeId);
  return {
    [`${challenge}/title`]: title,
    [`${challenge}/updatedAt`]: SERVER_TIME,
    ...(published && {
      [`${feedEntry}/title`]: title,
      [`${feedEntry}/updatedAt`]: SERVER_TIME,
    }),
  };
}

export async function editChallengeTitle(
  challenge: ChallengeRef,
  { title }: EditTitleInput,
): Promise<void> {
  const published =
    (await readValue<string>(`${dbPaths.feedEntry(challenge.challengeId)}/uid`)) ===
    challenge.ownerId;
  await writePaths(challengeTitleWrites(challenge, title, published));
}
