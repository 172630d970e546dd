import type { FeedEntry } from '@domain/challenges/challenge-record';
import type { MemberInfo } from '@domain/members/member-records';
import { readChildren, readValue } from '@/services/database';
import { dbPaths } from '@domain/data/database-paths';
import { membersNamed, type NamedMember } from '../lib/members-named';

/**
 * The most rows a public list may return to one query (database.rules.json): the newest challenges of the feed
 * and the all-time board's top members are what a name can be looked up in.
 */
const PUBLIC_LIST_WINDOW = 100;

interface BoardRow {
  displayName?: string;
  photoURL?: string;
  points?: number;
}

/**
 * The members an address without a uid, /profile/{displayName} (SPEC's own form), may name: the signed-in member,
 * the profile stored as last opened (loadProfile), and the authors of the feed's newest challenges and the
 * all-time board's leaders, the public records that carry names beside uids. No rule lets a client list members
 * or query them by name, so a member found in none of these is not found (docs/product.md, "Profile addresses").
 */
export async function findMembersNamed(
  displayName: string,
  storedUid: string | null,
  self: { uid: string; displayName: string | null } | null,
): Promise<NamedMember[]> {
  const [stored, feed, board] = await Promise.all([
    storedUid ? readValue<MemberInfo>(dbPaths.userInfo(storedUid)) : null,
    readChildren<FeedEntry>(dbPaths.feed, {
      orderBy: 'createdAt',
      limitToLast: PUBLIC_LIST_WINDOW,
    }),
    readChildren<BoardRow>(dbPaths.leaderboardAll, {
      orderBy: 'points',
      limitToLast: PUBLIC_LIST_WINDOW,
    }),
  ]);
  const candidates: NamedMember[] = [];
  // The current names first: a member's own and the stored profile's are read from their info.
  if (self?.displayName) candidates.push({ uid: self.uid, displayName: self.displayName });
  if (storedUid && stored?.displayName)
    candidates.push({ uid: storedUid, displayName: stored.displayName, photoURL: stored.photoURL });
  // Newest first, so a namesake's line names their latest challenge.
  for (const { value } of [...feed].reverse())
    candidates.push({
      uid: value.uid,
      displayName: value.displayName,
      photoURL: value.photoURL,
      detail: `Latest challenge: ${value.title}`,
    });
  for (const { key, value } of board)
    candidates.push({
      uid: key,
      displayName: value.displayName ?? '',
      photoURL: value.photoURL,
      detail: `${value.points ?? 0} points`,
    });
  return membersNamed(displayName, candidates);
}
