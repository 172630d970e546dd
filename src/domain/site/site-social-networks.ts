/**
 * website/social-link (docs/architecture.md#data-model-and-access): the product's own accounts, edited by
 * admins through the audited API (functions/src/admin/admin-website-route.ts), each on its own site's hosts. Kept
 * apart from their schema (website-records.ts) so the sidebar's links load no zod (docs/performance.md,
 * "Decisions that hold the budgets").
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
