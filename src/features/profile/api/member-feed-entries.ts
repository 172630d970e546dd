import type { FeedEntry } from '@domain/challenges/challenge-record';
import { dbPaths } from '@domain/data/database-paths';
import { useRead } from '@/hooks/use-loadable';
import { childrenRead } from '@domain/data/read-descriptor';

/** The feed's rules allow at most 100 rows a query: far more challenges than a member keeps on it. */
const FEED_ROWS = 100;

/**
 * The member's own challenges as the feed summarises them (public, a few hundred bytes each, never
 * the plans), live. Not there: deleted or hidden challenges, and plans joined from another member's
 * group (the group's entry is its owner's). Pass null to read nothing.
 */
export function useMemberFeedEntries<T extends Partial<FeedEntry>>(uid: string | null) {
  return useRead(
    uid === null
      ? null
      : childrenRead<T>(
          dbPaths.feed,
          { orderBy: 'uid', equalTo: uid, limitToLast: FEED_ROWS },
          { who: 'public' },
        ),
  );
}
