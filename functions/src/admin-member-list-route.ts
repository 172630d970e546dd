import type { Auth, UserRecord } from 'firebase-admin/auth';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import type { AdminMemberPage, AdminMemberRow } from '@domain/site/moderation-records';
import { parseOrThrow } from './http-error';

export interface MemberListDependencies {
  auth: Auth;
}

export const MEMBER_PAGE_SIZE = 20;
/** Auth lists 1,000 accounts per call; one request looks through at most this many. */
export const MAX_SCANNED_ACCOUNTS = 20_000;
const AUTH_BATCH = 1000;

const querySchema = z.object({
  q: z.string().trim().max(100, 'Search at most 100 characters').default(''),
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(1000, 'page must be at most 1000')
    .default(1),
});

function toRow(user: UserRecord): AdminMemberRow {
  return {
    uid: user.uid,
    email: user.email ?? '',
    displayName: user.displayName ?? '',
    photoURL: user.photoURL ?? '',
    disabled: user.disabled,
    admin: user.customClaims?.admin === true,
    createdAt: Date.parse(user.metadata.creationTime) || 0,
  };
}

const matches = (row: AdminMemberRow, needle: string) =>
  needle === '' ||
  row.uid === needle ||
  row.email.toLowerCase().includes(needle) ||
  row.displayName.toLowerCase().includes(needle);

/**
 * GET /api/admin/members?q=&page=: members newest first, a page at a time, optionally only those
 * whose name or email contains q (any case) or whose id is q. Auth cannot search, so the accounts
 * are read in batches and filtered here; the scan is bounded and says when it stopped early.
 */
export function listMembers({ auth }: MemberListDependencies): RequestHandler {
  return async (request, response) => {
    const { q, page } = parseOrThrow(querySchema, request.query);
    const needle = q.toLowerCase();
    const found: AdminMemberRow[] = [];
    let pageToken: string | undefined;
    let scanned = 0;
    do {
      const batch = await auth.listUsers(AUTH_BATCH, pageToken);
      scanned += batch.users.length;
      for (const user of batch.users) {
        const row = toRow(user);
        if (matches(row, needle)) found.push(row);
      }
      pageToken = batch.pageToken;
    } while (pageToken && scanned < MAX_SCANNED_ACCOUNTS);
    found.sort((a, b) => b.createdAt - a.createdAt || a.uid.localeCompare(b.uid));
    const pageCount = Math.max(1, Math.ceil(found.length / MEMBER_PAGE_SIZE));
    const result: AdminMemberPage = {
      members: found.slice((page - 1) * MEMBER_PAGE_SIZE, page * MEMBER_PAGE_SIZE),
      page,
      pageCount,
      total: found.length,
      truncated: pageToken !== undefined,
    };
    response.json(result);
  };
}
