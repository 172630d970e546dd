import type { Auth, UserRecord } from 'firebase-admin/auth';
import type { Database } from 'firebase-admin/database';
import type { RequestHandler } from 'express';
import type { AdminMemberRow } from '@domain/site/moderation-records';
import { memberListQuerySchema, type MemberListResponse } from '@domain/api/admin';
import { ADMINS_PATH } from './admin-record';
import { parseOrThrow } from '../http/http-error';

export interface MemberListDependencies {
  auth: Auth;
  database: Database;
}

export const MEMBER_PAGE_SIZE = 20;
/** Auth lists 1,000 accounts per call; one request looks through at most this many. */
export const MAX_SCANNED_ACCOUNTS = 20_000;
const AUTH_BATCH = 1000;

/** Who is an admin now: admins/{uid} === true (admin-record.ts), not the accounts' claims. */
async function adminUids(database: Database): Promise<Set<string>> {
  const records = ((await database.ref(ADMINS_PATH).get()).val() ?? {}) as Record<string, unknown>;
  return new Set(Object.keys(records).filter((uid) => records[uid] === true));
}

function toRow(user: UserRecord, admins: ReadonlySet<string>): AdminMemberRow {
  return {
    uid: user.uid,
    email: user.email ?? '',
    displayName: user.displayName ?? '',
    photoURL: user.photoURL ?? '',
    disabled: user.disabled,
    admin: admins.has(user.uid),
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
export function listMembers({ auth, database }: MemberListDependencies): RequestHandler {
  return async (request, response) => {
    const { q, page } = parseOrThrow(memberListQuerySchema, request.query);
    const admins = await adminUids(database);
    const needle = q.toLowerCase();
    const found: AdminMemberRow[] = [];
    let pageToken: string | undefined;
    let scanned = 0;
    do {
      const batch = await auth.listUsers(AUTH_BATCH, pageToken);
      scanned += batch.users.length;
      for (const user of batch.users) {
        const row = toRow(user, admins);
        if (matches(row, needle)) found.push(row);
      }
      pageToken = batch.pageToken;
    } while (pageToken && scanned < MAX_SCANNED_ACCOUNTS);
    found.sort((a, b) => b.createdAt - a.createdAt || a.uid.localeCompare(b.uid));
    const pageCount = Math.max(1, Math.ceil(found.length / MEMBER_PAGE_SIZE));
    const result: MemberListResponse = {
      members: found.slice((page - 1) * MEMBER_PAGE_SIZE, page * MEMBER_PAGE_SIZE),
      page,
      pageCount,
      total: found.length,
      truncated: pageToken !== undefined,
    };
    response.json(result);
  };
}
