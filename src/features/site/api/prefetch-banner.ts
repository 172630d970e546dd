import type { SiteSocialLinks } from '@domain/site/site-social-networks';
import { dbPaths } from '@domain/data/database-paths';
import { valueRead } from '@domain/data/read-descriptor';
import { startRead } from '@/services/database-reads';

/** website/banner/val: public, read without waiting for the session. */
export const bannerRead = () => valueRead<string>(dbPaths.banner, { who: 'public' });

/** ChallangeX's own social accounts (public). */
export const socialLinksRead = () =>
  valueRead<SiteSocialLinks>(dbPaths.socialLinks, { who: 'public' });

/**
 * Starts the home banner with the feed's first page, from the entry (src/app/screen-loaders.ts; no React here):
 * read at render time, it had been the last request before the first card was drawn.
 */
export const prefetchBanner = () => startRead(bannerRead());
