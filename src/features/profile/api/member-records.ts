import type { ActivityLevel, Preference, Sex } from '../../../domain/constants';
import type { FeedEntry } from '../../../domain/challenge-record';
import { readChildren, readValue } from '../../../services/database';
import { dbPaths } from '../../../services/paths';

/** users/{uid}/info as DESIGN §3 stores it (public to signed-in members). */
export interface MemberInfo {
  uid: string;
  displayName: string;
  photoURL?: string;
  /** Epoch ms (server time) since the rules stamp it; text on older records. */
  joinAt?: number | string;
  createdAt?: number;
  location?: string;
  preference?: Preference | '';
  bio?: string;
  score?: number;
  activeChallenges?: number;
  totalChallenges?: number;
}

/** users/{uid}/private: the owner's (and admins') eyes only. */
export interface MemberPrivate {
  email?: string;
  emailVerified?: boolean;
  height?: number;
  weight?: number;
  age?: number;
  sex?: Sex;
  activity?: ActivityLevel;
}

export interface MemberSocial {
  facebook?: string;
  instagram?: string;
  twitter?: string;
  linkedin?: string;
}

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
 * The uid behind profile/{displayName}: SPEC keeps it in browser storage
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

export type { FeedEntry };
