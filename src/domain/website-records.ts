import { z } from '@/domain/zod';
import { isHttpsUrlOn } from './profile-schema';

/**
 * website/social-link (docs/architecture.md#data-model-and-access): the product's own accounts, edited by
 * admins through the audited API (functions/src/admin-website-route.ts), each on its own site's hosts.
 */
export const SITE_SOCIAL_NETWORKS = [
  { key: 'facebook', label: 'Facebook', hosts: ['facebook.com', 'fb.com'] },
  { key: 'twitter', label: 'Twitter', hosts: ['twitter.com', 'x.com'] },
  { key: 'linkedin', label: 'LinkedIn', hosts: ['linkedin.com'] },
  { key: 'github', label: 'GitHub', hosts: ['github.com'] },
  { key: 'youtube', label: 'YouTube', hosts: ['youtube.com', 'youtu.be'] },
] as const;

export type SiteSocialNetwork = (typeof SITE_SOCIAL_NETWORKS)[number]['key'];

export type SiteSocialLinks = Partial<Record<SiteSocialNetwork, string>>;

/** docs/product.md#what-challangex-is: the banner's topic words are the stored value split on spaces. */
export function bannerTopics(value: unknown): string[] {
  return typeof value === 'string' ? value.split(' ').filter((word) => word.trim() !== '') : [];
}

export const BANNER_MAX_LENGTH = 500;
export const SITE_LINK_MAX_LENGTH = 2048;

/** website/banner/val: the home banner's topic words. */
export const bannerInputSchema = z.strictObject({
  val: z.string().trim().max(BANNER_MAX_LENGTH, `At most ${BANNER_MAX_LENGTH} characters`),
});
export type BannerInput = z.infer<typeof bannerInputSchema>;

function siteLink(network: (typeof SITE_SOCIAL_NETWORKS)[number]) {
  return z
    .string()
    .trim()
    .max(SITE_LINK_MAX_LENGTH, `At most ${SITE_LINK_MAX_LENGTH} characters`)
    .refine((value) => value === '' || isHttpsUrlOn(value, network.hosts), {
      message: `Must be an https link on ${network.hosts[0]}`,
    });
}

/** website/social-link: each empty, or an https link on its own network's site ("Follow ChallangeX"). */
export const siteSocialLinksSchema = z.strictObject(
  Object.fromEntries(
    SITE_SOCIAL_NETWORKS.map((network) => [network.key, siteLink(network)]),
  ) as Record<SiteSocialNetwork, ReturnType<typeof siteLink>>,
);
export type SiteSocialLinksInput = z.infer<typeof siteSocialLinksSchema>;
