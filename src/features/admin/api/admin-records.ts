import { z } from 'zod';
import { readChildren, writePaths } from '@/services/database';
import { dbPaths } from '@/domain/database-paths';
import type { MemberInfo, MemberPrivate } from '@/domain/member-records';
import { SITE_SOCIAL_NETWORKS, type SiteSocialLinks } from '@/domain/website-records';
import { httpsLink } from '@/lib/safe-urls';

/** docs/architecture.md#reading-and-writing-data: the admin reads users ordered by info/createdAt; the rules cap queries at 100 rows. */
export const ADMIN_USER_LIMIT = 100;

export interface AdminUserRow {
  uid: string;
  info: MemberInfo | null;
  email: string | null;
}

/** Newest members first. Only admins may read users/ (custom claim admin: true). */
export async function readUserList(): Promise<AdminUserRow[]> {
  const rows = await readChildren<{ info?: MemberInfo; private?: MemberPrivate }>('users', {
    orderBy: 'info/createdAt',
    limitToLast: ADMIN_USER_LIMIT,
  });
  return rows.reverse().map(({ key, value }) => ({
    uid: key,
    info: value.info ?? null,
    email: value.private?.email ?? null,
  }));
}

/** website (docs/architecture.md#data-model-and-access) as the admin reads it in one go. */
export interface WebsiteRecord {
  banner?: { val?: string };
  'social-link'?: SiteSocialLinks;
  subscribers?: Record<string, { email?: string; message?: string; createdAt?: number | string }>;
  contact?: Record<
    string,
    {
      name?: string;
      email?: string;
      reason?: string;
      message?: string;
      createdAt?: number | string;
    }
  >;
  [other: string]: unknown;
}

export const BANNER_MAX_LENGTH = 500;

export const bannerInputSchema = z.object({
  val: z.string().trim().max(BANNER_MAX_LENGTH, `At most ${BANNER_MAX_LENGTH} characters`),
});
export type BannerInput = z.infer<typeof bannerInputSchema>;

export function saveBanner({ val }: BannerInput): Promise<void> {
  return writePaths({ [dbPaths.banner]: val });
}

const httpsOrEmpty = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => value === '' || httpsLink(value) !== null, 'Must be an https link');

export const siteSocialLinksSchema = z.object(
  Object.fromEntries(SITE_SOCIAL_NETWORKS.map(({ key }) => [key, httpsOrEmpty])) as Record<
    (typeof SITE_SOCIAL_NETWORKS)[number]['key'],
    typeof httpsOrEmpty
  >,
);
export type SiteSocialLinksInput = z.infer<typeof siteSocialLinksSchema>;

export function saveSiteSocialLinks(links: SiteSocialLinksInput): Promise<void> {
  return writePaths({ [dbPaths.socialLinks]: links });
}
