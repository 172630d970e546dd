import type { MemberInfo } from '@/domain/member-records';
import { readChildren, readValue } from '@/services/database';
import { dbPaths } from '@/domain/database-paths';

interface NamedRecord {
  uid?: string;
  displayName?: string;
}

/** The rules allow only bounded, indexed queries on the public indexes (≤ 100 rows). */
const NAME_SEARCH_WINDOW = 100;

async function uidNamedIn(
  path: string,
  orderBy: string,
  displayName: string,
  keyIsUid: boolean,
): Promise<string | null> {
  const rows = await readChildren<NamedRecord>(path, { orderBy, limitToLast: NAME_SEARCH_WINDOW });
  const row = rows.find(({ value }) => value.displayName === displayName);
  if (!row) return null;
  return keyIsUid ? row.key : (row.value.uid ?? null);
}

/**
 * The uid behind profile/{displayName}: the app keeps it in browser storage
 * (loadProfile). A shared link has none, so the name is looked for among the
 * top scorers (leaderboard/all, keyed by uid) and the newest feed authors.
 */
export async function resolveProfileUid(
  displayName: string,
  storedUid: string | null,
  self: { uid: string; displayName: string | null } | null,
): Promise<string | null> {
  if (storedUid) {
    const stored = await readValue<MemberInfo>(dbPaths.userInfo(storedUid));
    if (stored?.displayName === displayName) return storedUid;
  }
  if (self && self.displayName === displayName) return self.uid;
  const found =
    (await uidNamedIn(dbPaths.leaderboardAll, 'points', displayName, true).catch(() => null)) ??
    (await uidNamedIn(dbPaths.feed, 'createdAt', displayName, false).catch(() => null));
  return found ?? storedUid;
}
