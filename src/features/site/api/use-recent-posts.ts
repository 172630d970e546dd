import type { FeedEntry } from '@domain/challenges/challenge-record';
import type { Row } from '@domain/data/child-query';
import type { Loadable } from '@/hooks/use-async';
import { useDatabaseChildren } from '@/hooks/use-database';
import { dbPaths } from '@domain/data/database-paths';

/** The newest `count` entries of the public feed index, newest first, live. */
export function useRecentPosts(count: number): Loadable<Array<Row<FeedEntry>>> {
  const latest = useDatabaseChildren<FeedEntry>(dbPaths.feed, {
    orderBy: 'createdAt',
    limitToLast: count,
  });
  return latest.status === 'ready'
    ? { status: 'ready', value: [...latest.value].reverse() }
    : latest;
}
