import type { BannerResponse, SocialLinksResponse } from '@domain/api/admin';
import { callApi } from '@/services/api-client';
import { readChildren } from '@/services/database';
import { dbPaths } from '@domain/data/database-paths';
import type { FeedEntry } from '@domain/challenges/challenge-record';
import type { AdminAuditEntry } from '@domain/site/moderation-records';
import type { SiteSocialLinks } from '@domain/site/site-social-networks';
import type { BannerInput, SiteSocialLinksInput } from '@domain/site/website-records';

/**
 * Every admin list is read a page at a time, newest first: the rules refuse the admin more than 25
 * rows per query and any unordered read of moderation/audit, website/subscribers or website/contact, so a
 * flood of contact messages (anyone may send them) can never stall the screen.
 */
export const ADMIN_PAGE_SIZE = 10;

/** Where an older page ends: the order value and key of the oldest row shown. */
export interface PageCursor {
  value: number | string | null;
  key: string;
}

export interface AdminPage<T> {
  rows: Array<{ key: string; value: T }>;
  /** Cursor of the next (older) page, or null when this is the oldest. */
  older: PageCursor | null;
}

/** One page newest first; one row more than shown is asked for, to learn whether an older page exists. */
async function readNewestFirst<T>(
  path: string,
  orderBy: string,
  orderValue: (row: T) => number | string | null,
  cursor: PageCursor | null,
): Promise<AdminPage<T>> {
  const rows = await readChildren<T>(path, {
    orderBy,
    limitToLast: ADMIN_PAGE_SIZE + 1,
    ...(cursor && { endBefore: [cursor.value, cursor.key] }),
  });
  const hasOlder = rows.length > ADMIN_PAGE_SIZE;
  const shown = rows.slice(hasOlder ? rows.length - ADMIN_PAGE_SIZE : 0).reverse();
  const oldest = shown.at(-1);
  return {
    rows: shown,
    older: hasOlder && oldest ? { value: orderValue(oldest.value), key: oldest.key } : null,
  };
}

/** The public feed, newest first: the challenges a moderator may hide. */
export function readFeedPage(cursor: PageCursor | null): Promise<AdminPage<FeedEntry>> {
  return readNewestFirst(dbPaths.feed, 'createdAt', (entry) => entry.createdAt ?? null, cursor);
}

/** The admin audit log (moderation/audit, admins only), newest first. */
export function readAuditPage(cursor: PageCursor | null): Promise<AdminPage<AdminAuditEntry>> {
  return readNewestFirst(dbPaths.adminAudit, 'at', (entry) => entry.at ?? null, cursor);
}

export interface SubscriberEntry {
  email?: string;
  createdAt?: number | string;
}

export interface ContactMessage {
  name?: string;
  email?: string;
  reason?: string;
  message?: string;
  createdAt?: number | string;
}

const createdAtOf = (entry: { createdAt?: number | string }) => entry.createdAt ?? null;

export function readSubscriberPage(cursor: PageCursor | null): Promise<AdminPage<SubscriberEntry>> {
  return readNewestFirst(dbPaths.subscribers, 'createdAt', createdAtOf, cursor);
}

export function readContactPage(cursor: PageCursor | null): Promise<AdminPage<ContactMessage>> {
  return readNewestFirst(dbPaths.contactMessages, 'createdAt', createdAtOf, cursor);
}

/** The public website settings the admin edits (banner, social links). */
export interface WebsiteSettingsRecord {
  banner?: { val?: string };
  'social-link'?: SiteSocialLinks;
}

export {
  BANNER_MAX_LENGTH,
  bannerInputSchema,
  siteSocialLinksSchema,
  type BannerInput,
  type SiteSocialLinksInput,
} from '@domain/site/website-records';

/**
 * The banner and the site's links are what every visitor sees: an admin changes them through the API,
 * which validates them (website-records.ts) and writes the audit log in the same update.
 */
export function saveBanner(input: BannerInput): Promise<BannerResponse> {
  return callApi<BannerResponse>('/api/admin/website/banner', input);
}

export function saveSiteSocialLinks(links: SiteSocialLinksInput): Promise<SocialLinksResponse> {
  return callApi<SocialLinksResponse>('/api/admin/website/social-links', links);
}
