import type { Database } from 'firebase-admin/database';
import type { FeedEntry } from '@domain/challenges/challenge-record';
import { dbPaths } from '@domain/data/database-paths';

/**
 * Sets a feed entry's cover (day 1's breakfast) only while the owner's complete entry is there. A
 * plain update of feed/{cid}/cover would create a stub holding only a cover when the entry left the
 * feed meanwhile (the challenge hidden or deleted, its owner disabled: docs/security.md, "Moderation
 * races"); the transaction writes against the stored entry, so a removal wins. True when written.
 */
export async function setFeedCover(
  database: Database,
  { uid, challengeId, cover }: { uid: string; challengeId: string; cover: string },
): Promise<boolean> {
  const { committed, snapshot } = await database
    .ref(dbPaths.feedEntry(challengeId))
    .transaction((entry: FeedEntry | null) => {
      // null may only be the empty local cache: writing null then makes the server send the real value.
      if (entry === null) return null;
      if (entry.uid !== uid || typeof entry.title !== 'string') return undefined;
      if (entry.cover === cover) return undefined;
      return { ...entry, cover };
    });
  return committed && snapshot.exists();
}
