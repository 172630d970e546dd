import { startRead } from '@/services/database-reads';
import { appImageSource } from '@/lib/safe-urls';
import { AUTHOR_PARAM, PAGE_PARAM, feedPageRead, toFeedPage } from './feed-pages';

/**
 * The first card's cover is the feed's largest paint (LCP). Its fetch starts as soon as the page's data is
 * here, not once React has rendered the card: the card's <img> (same URL, eager, high priority) then takes
 * the preloaded image.
 */
function preloadCover(cover: unknown): void {
  const source = appImageSource(cover);
  if (!source) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = source;
  link.fetchPriority = 'high';
  document.head.append(link);
}

/**
 * Starts reading the first page a feed URL shows, ahead of the feed screen's code (feed/ is public). A ?page=N
 * link starts with a seek instead (use-feed-pages.ts), which a prefetch of page 1 would not serve.
 */
export function prefetchFirstFeedPage(search: string): void {
  const params = new URLSearchParams(search);
  if (params.has(PAGE_PARAM)) return;
  const authorUid = params.get(AUTHOR_PARAM);
  startRead(feedPageRead(authorUid, null), (rows) =>
    preloadCover(toFeedPage(rows, authorUid).cards[0]?.entry.cover),
  );
}
