import { useRead } from '@/hooks/use-loadable';
import type { Loadable } from '@/hooks/use-loadable';
import { dbPaths } from '@domain/data/database-paths';
import type { SiteSocialLinks } from '@domain/site/site-social-networks';
import { valueRead } from '@domain/data/read-descriptor';
import type { WebsiteSettingsRecord } from './admin-records';

/**
 * The two public settings records, live, as one record; never the whole website tree (its lists
 * are read a page at a time).
 */
export function useWebsiteSettings(): Loadable<WebsiteSettingsRecord> {
  const banner = useRead(valueRead<string>(dbPaths.banner, { who: 'public' }));
  const socialLinks = useRead(valueRead<SiteSocialLinks>(dbPaths.socialLinks, { who: 'public' }));
  if (banner.status === 'error') return banner;
  if (socialLinks.status === 'error') return socialLinks;
  if (banner.status === 'loading' || socialLinks.status === 'loading') return { status: 'loading' };
  return {
    status: 'ready',
    value: {
      ...(banner.value !== null && { banner: { val: banner.value } }),
      ...(socialLinks.value !== null && { 'social-link': socialLinks.value }),
    },
  };
}
