import { prefetchPublicChildren } from '@/services/database';
import { dbPaths } from '@/domain/database-paths';
import { AUTHOR_PARAM, feedPageQuery } from './feed-pages';

/** Starts reading the first page a feed URL shows, ahead of the feed screen's code (feed/ is public). */
export function prefetchFirstFeedPage(search: string): void {
  const authorUid = new URLSearchParams(search).get(AUTHOR_PARAM);
  prefetchPublicChildren(dbPaths.feed, feedPageQuery(authorUid, null));
}
