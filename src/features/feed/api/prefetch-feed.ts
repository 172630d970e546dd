import { prefetchPublicChildren } from '@/services/database';
import { dbPaths } from '@/domain/database-paths';
import { AUTHOR_PARAM, feedPageQuery } from './feed-pages';
import { PAGE_PARAM } from './feed-paging';

/**
 * Starts reading the first page a feed URL shows, ahead of the feed screen's code (feed/ is public). A ?page=N
 * link starts with a seek instead (use-feed-pages.ts), which a prefetch of page 1 would not serve.
 */
export function prefetchFirstFeedPage(search: string): void {
  const params = new URLSearchParams(search);
  if (params.has(PAGE_PARAM)) return;
  prefetchPublicChildren(dbPaths.feed, feedPageQuery(params.get(AUTHOR_PARAM), null));
}
