/** website/social-link (docs/architecture.md#data-model-and-access): the product's own accounts, admin-edited. */
export const SITE_SOCIAL_NETWORKS = [
  { key: 'facebook', label: 'Facebook' },
  { key: 'twitter', label: 'Twitter' },
  { key: 'linkedin', label: 'LinkedIn' },
  { key: 'github', label: 'GitHub' },
  { key: 'youtube', label: 'YouTube' },
] as const;

export type SiteSocialNetwork = (typeof SITE_SOCIAL_NETWORKS)[number]['key'];

export type SiteSocialLinks = Partial<Record<SiteSocialNetwork, string>>;

/** docs/product.md#what-challangex-is: the banner's topic words are the stored value split on spaces. */
export function bannerTopics(value: unknown): string[] {
  return typeof value === 'string' ? value.split(' ').filter((word) => word.trim() !== '') : [];
}
