import { isShowableFeedEntry, type FeedEntry } from '@domain/challenges/challenge-record';
import type { Row } from '@domain/data/child-query';
import type { Loadable } from '@/hooks/use-loadable';
import { useRead } from '@/hooks/use-loadable';
import { childrenRead } from '@domain/data/read-descriptor';
import { dbPaths } from '@domain/data/database-paths';

/** The newest `count` showable entries of the public feed index, newest first, live. */
export function useRecentPosts(count: number): Loadable<Array<Row<FeedEntry>>> {
  const latest = useRead(
    childrenRead<FeedEntry>(
      dbPaths.feed,
      { orderBy: 'createdAt', limitToLast: count },
      { who: 'public' },
    ),
  );
  return latest.status === 'ready'
    ? {
        status: 'ready',
        value: latest.value.filter((row) => isShowableFeedEntry(row.value)).reverse(),
      }
    : latest;
}
