import type { Database } from 'firebase-admin/database';
import type { ChallengeRecord, FeedEntry } from '@domain/challenges/challenge-record';
import type { HiddenFeedRecord, LeaderboardRows } from '@domain/site/moderation-records';
import { computeScore } from '@domain/challenges/points';
import { dbPaths } from '@domain/data/database-paths';
import type { BoardRow } from '@domain/challenges/group-records';
import { hiddenFeedOf } from './admin-feed-stash';
import { refreshGroupSummary } from '../groups/group-places';

/** Whether moderation/disabledMembers/{uid}, the server-written marker of a disabled member, exists. */
export async function isMemberDisabled(database: Database, uid: string): Promise<boolean> {
  return (await database.ref(dbPaths.disabledMember(uid)).get()).exists();
}

/** A complete entry of this member; anything else at their challenge's feed key is a stub. */
const isEntryOf = (value: unknown, uid: string): value is FeedEntry =>
  typeof value === 'object' &&
  value !== null &&
  (value as { uid?: unknown }).uid === uid &&
  typeof (value as { title?: unknown }).title === 'string';

/** Paths of every leaderboard row the member can have: the periods their challenges score in. */
function leaderboardPaths(uid: string, challenges: ChallengeRecord[]) {
  const score = computeScore(challenges);
  return [
    ['all', undefined, `${dbPaths.leaderboardAll}/${uid}`],
    ...Object.keys(score.weekly).map(
      (week) => ['weekly', week, `${dbPaths.leaderboardWeekly(week)}/${uid}`] as const,
    ),
    ...Object.keys(score.monthly).map(
      (month) => ['monthly', month, `${dbPaths.leaderboardMonthly(month)}/${uid}`] as const,
    ),
  ] as const;
}

/**
 * Takes a disabled member's feed entries and leaderboard rows out of view, keeping them for enabling
 * (entries in moderation/hiddenFeed, rows in their moderation/disabledMembers record). Idempotent:
 * disabling runs it after writing the marker, an admin may run it again, and a route that wrote a
 * public row and then finds the marker runs it too (docs/security.md, "Moderation races"). Looks at
 * the feed key of each of the member's challenges, not only the entries the uid index finds, so a
 * stub a late write left (an entry without its uid) goes as well; a stub is removed, never kept.
 * Does nothing when the member is not (or no longer) disabled. `extra` lands in the same update.
 */
export async function sweepDisabledMember(
  database: Database,
  uid: string,
  extra: Record<string, unknown> = {},
): Promise<{ feedEntries: number; leaderboardRows: number } | null> {
  const [challengesSnapshot, indexed, alreadyHidden] = await Promise.all([
    database.ref(dbPaths.userChallenges(uid)).get(),
    database.ref(dbPaths.feed).orderByChild('uid').equalTo(uid).get(),
    hiddenFeedOf(database, uid),
  ]);
  const challenges = (challengesSnapshot.val() ?? {}) as Record<string, ChallengeRecord>;
  const inFeed = { ...((indexed.val() ?? {}) as Record<string, unknown>) };
  const boardPaths = leaderboardPaths(uid, Object.values(challenges));
  const readStub = async (challengeId: string) => {
    const value = (await database.ref(dbPaths.feedEntry(challengeId)).get()).val() as unknown;
    // Another member's entry cannot sit at this member's push key; a value without this uid is a stub.
    const uidThere = (value as { uid?: unknown } | null)?.uid;
    if (value !== null && (uidThere === uid || typeof uidThere !== 'string'))
      inFeed[challengeId] = value;
  };
  const readRow = async ([board, period, path]: (typeof boardPaths)[number]) =>
    [board, period, path, (await database.ref(path).get()).val() as unknown] as const;
  const [, allRows] = await Promise.all([
    Promise.all(
      Object.keys(challenges)
        .filter((challengeId) => !(challengeId in inFeed))
        .map(readStub),
    ),
    Promise.all(boardPaths.map(readRow)),
  ]);
  const rows = allRows.filter(([, , , row]) => row !== null);
  const { kept: groupRows, stray } = await readGroupRows(database, uid, challenges);

  const found: LeaderboardRows = {};
  for (const [board, period, , row] of rows) {
    if (board === 'all') found.all = row;
    else (found[board] ??= {})[period!] = row;
  }
  // The rows kept for enabling, merged into the marker only while it exists: were the member enabled
  // meanwhile, a write to a child of the marker would recreate it and disable them again.
  const merged = await database
    .ref(dbPaths.disabledMember(uid))
    .transaction((marker: { leaderboard?: LeaderboardRows; groupRows?: GroupRows } | null) => {
      if (marker === null) return null;
      const kept = marker.leaderboard ?? {};
      return {
        ...marker,
        leaderboard: {
          ...(kept.all !== undefined && { all: kept.all }),
          ...(found.all !== undefined && { all: found.all }),
          weekly: { ...kept.weekly, ...found.weekly },
          monthly: { ...kept.monthly, ...found.monthly },
        },
        groupRows: { ...marker.groupRows, ...groupRows },
      };
    });
  if (!merged.committed || !merged.snapshot.exists()) return null;

  const update: Record<string, unknown> = { ...extra };
  for (const [, , path] of rows) update[path] = null;
  for (const challengeId of [...Object.keys(groupRows), ...stray])
    update[dbPaths.groupMember(challengeId, uid)] = null;
  for (const [challengeId, value] of Object.entries(inFeed)) {
    update[dbPaths.feedEntry(challengeId)] = null;
    const stash = dbPaths.hiddenFeedEntry(challengeId);
    update[`${stash}/uid`] = uid;
    update[`${stash}/byDisabledMember`] = true;
    // The newest complete entry is kept; for a stub, enabling rebuilds the entry from the challenge.
    if (isEntryOf(value, uid)) update[`${stash}/entry`] = value;
  }
  for (const [challengeId, record] of Object.entries(alreadyHidden)) {
    const stash: HiddenFeedRecord = record;
    if (!stash.byDisabledMember) {
      update[`${dbPaths.hiddenFeedEntry(challengeId)}/uid`] = uid;
      update[`${dbPaths.hiddenFeedEntry(challengeId)}/byDisabledMember`] = true;
    }
  }
  await database.ref().update(update);
  // The groups' feed cards lose the member's avatar too.
  await Promise.all(
    Object.keys(groupRows).map((challengeId) =>
      refreshGroupSummary(database, groupRows[challengeId].ownerId, challengeId),
    ),
  );
  return { feedEntries: Object.keys(inFeed).length, leaderboardRows: rows.length };
}

/** A disabled member's board rows in groups, kept in their marker by challenge id (with the group's owner). */
export type GroupRows = Record<string, { ownerId: string; row: BoardRow }>;

/**
 * The member's rows on group boards (docs/product.md, "Group challenges"): of their joined plans and
 * of their own challenges opened to others. A row with `joinedAt` (a membership) is `kept`, put aside
 * like leaderboard rows and restored on enabling; one without it (`stray`, left by a write that raced a
 * removal) is no membership and is only deleted (docs/security.md, "Group challenges").
 */
async function readGroupRows(
  database: Database,
  uid: string,
  challenges: Record<string, ChallengeRecord>,
): Promise<{ kept: GroupRows; stray: string[] }> {
  const grouped = Object.entries(challenges).filter(
    ([, challenge]) =>
      typeof challenge.groupOwnerId === 'string' || typeof challenge.memberCount === 'number',
  );
  const found: GroupRows = {};
  const stray: string[] = [];
  await Promise.all(
    grouped.map(async ([challengeId, challenge]) => {
      const row = (
        await database.ref(dbPaths.groupMember(challengeId, uid)).get()
      ).val() as BoardRow | null;
      if (typeof row?.joinedAt === 'number')
        found[challengeId] = { ownerId: challenge.groupOwnerId ?? uid, row };
      else if (row !== null) stray.push(challengeId);
    }),
  );
  return { kept: found, stray };
}

/**
 * After a route wrote a feed entry or leaderboard rows for `uid`: should the member have been
 * disabled meanwhile, what the route wrote is taken out of view at once. Disabling writes its
 * marker before it looks for rows, so either this read sees the marker or disabling sees the rows.
 */
export async function sweepIfDisabled(database: Database, uid: string): Promise<boolean> {
  if (!(await isMemberDisabled(database, uid))) return false;
  await sweepDisabledMember(database, uid);
  return true;
}
