import { bannerTopics } from '@/domain/website-records';
import { useDatabaseValue } from '@/hooks/use-database';
import { dbPaths } from '@/domain/database-paths';
import { prefetchValue } from '@/services/database';

/** The home banner's topic words, live from website/banner/val (empty while loading). */
export function useBannerTopics(): string[] {
  const banner = useDatabaseValue<string>(dbPaths.banner);
  return banner.status === 'ready' ? bannerTopics(banner.value) : [];
}

/**
 * Starts reading the banner (public) with the feed's first page, ahead of the layout's code and render and
 * without waiting for the session: read at render time, it was the last request before the first card.
 */
export function prefetchBanner(): void {
  prefetchValue(dbPaths.banner, { anonymous: true });
}
