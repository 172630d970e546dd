import type { SiteSocialLinks } from '@domain/site/site-social-networks';
import type { Loadable } from '@/hooks/use-loadable';
import { useRead } from '@/hooks/use-loadable';
import { socialLinksRead } from './prefetch-banner';

/** ChallangeX's own social accounts, live from website/social-link (unchecked: render through httpsLink). */
export function useSocialLinks(): Loadable<SiteSocialLinks | null> {
  return useRead(socialLinksRead());
}
