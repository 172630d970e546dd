import { bannerTopics } from '@/domain/website-records';
import { useDatabaseValue } from '@/hooks/use-database';
import { dbPaths } from '@/domain/database-paths';

/** The home banner's topic words, live from website/banner/val (empty while loading). */
export function useBannerTopics(): string[] {
  const banner = useDatabaseValue<string>(dbPaths.banner);
  return banner.status === 'ready' ? bannerTopics(banner.value) : [];
}
