import type { SiteSocialLinks } from '@domain/site/site-social-networks';
import type { Loadable } from '@/hooks/use-async';
import { useDatabaseValue } from '@/hooks/use-database';
import { dbPaths } from '@domain/data/database-paths';

/** ChallangeX's own social accounts, live from website/social-link (unchecked: render through httpsLink). */
export function useSocialLinks(): Loadable<SiteSocialLinks | null> {
  return useDatabaseValue<SiteSocialLinks>(dbPaths.socialLinks);
}
