import { z } from '@domain/zod';
import { isHttpsUrlOn } from '@domain/members/profile-schema';
import { SITE_SOCIAL_NETWORKS, type SiteSocialNetwork } from '@domain/site/site-social-networks';

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
