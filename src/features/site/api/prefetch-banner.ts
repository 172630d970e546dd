import { dbPaths } from '@domain/data/database-paths';
import { prefetchValue } from '@/services/database-prefetch';

/**
 * Starts reading the home banner (public) with the feed's first page, from the entry and without waiting for
 * the session; use-banner.ts's watcher takes the answer. Read at render time, it had been the last request
 * before the first card was drawn.
 */
export function prefetchBanner(): void {
  prefetchValue(dbPaths.banner, { anonymous: true });
}
