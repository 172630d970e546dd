import type { Database } from 'firebase-admin/database';
import type { RequestHandler } from 'express';
import type { ChallengeRecord } from '@domain/challenges/challenge-record';
import { dbPaths } from '@domain/data/database-paths';
import {
  acceptedPhotoUrl,
  publicDisplayName,
  type PhotoSources,
} from '@domain/members/member-identity';
import { computeScore } from '@domain/challenges/points';
import { identityRequestSchema, type IdentityResponse } from '@domain/api/members';
import { memberUid } from '../http/authenticate';
import type { MemberIdentity } from '../challenges/challenge-records';
import { refreshGroupSummary } from '../groups/group-places';
import { writeGuardedRowFields } from '../groups/group-board-writes';
import { HttpError, parseOrThrow } from '../http/http-error';

export interface IdentityDependencies {
  database: Database;
  /** Where member photos may come from: the project's bucket (and Google's account photos). */
  photoSources: PhotoSources;
}

/** Feed entries are read in pages of this size (the query is on the indexed `uid`). */
const FEED_PAGE_SIZE = 100;
/**
 * At most this many of the member's feed entries are read (and rewritten) per call; a member with
 * more gets `next` back and calls again with `{ after: next }`.
 */
export const MAX_FEED_ENTRIES_PER_CALL = 300;

// Only the paging cursor is read from the body: a name or photo sent along is ignored (stripped),
// since the copies must match what the member's own record says.

type Update = Record<string, unknown>;
type StoredCopy = Partial<MemberIdentity> | null;

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const isStale = (copy: StoredCopy, identity: MemberIdentity) =>
  copy?.displayName !== identity.displayName || copy?.photoURL !== identity.photoURL;

function rewrite(update: Update, path: string, identity: MemberIdentity): void {
  update[`${path}/displayName`] = identity.displayName;
  update[`${path}/photoURL`] = identity.photoURL;
}

/**
 * Rewrites the copies of a record that may be removed at any time (a feed entry: its challenge is
 * deleted or hidden; a board row: a recompute finds no points left; a group's board row: the member
 * left or was removed), only if it still exists when
 * written. A multi-path update of `<path>/displayName` would recreate a record removed since it was
 * read, as a stub holding only a name and a photo; the transaction writes against the stored value.
 */
async function rewriteIfPresent(
  database: Database,
  path: string,
  identity: MemberIdentity,
): Promise<boolean> {
  const { committed, snapshot } = await database
    .ref(path)
    // null may only be the empty local cache: writing null then makes the server send the real value.
    .transaction((record: Update | null) => (record === null ? null : { ...record, ...identity }));
  return committed && snapshot.exists();
}

const countTrue = (results: boolean[]) => results.filter(Boolean).length;

/**
 * The name and photo to copy into public places. The rules keep both in shape in users/{uid}/info;
 * this repeats member-identity.ts's checks for what they cannot see (look-alike letters, invisible
 * characters) and for records older than them: a refused name is copied as "Member", a photo on
 * another host as none, so no visitor's browser is sent to a host a member chose.
 */
async function readIdentity(
  database: Database,
  uid: string,
  photoSources: PhotoSources,
): Promise<MemberIdentity> {
  const info = (await database.ref(dbPaths.userInfo(uid)).get()).val() as Record<
    string,
    unknown
  > | null;
  if (!info || typeof info.displayName !== 'string')
    throw new HttpError(
      409,
      'member-record-missing',
      'Your member record does not exist yet: sign in to the app once, then try again',
    );
  return {
    displayName: publicDisplayName(info.displayName),
    photoURL: acceptedPhotoUrl(text(info.photoURL), photoSources),
  };
}

/**
 * The member's feed entries after the cursor, page by page up to the per-call bound. Entries of a
 * challenge that is gone or deleted are left alone: the feed loses them, a partial copy must not stay.
 */
async function staleFeedEntries(
  database: Database,
  uid: string,
  after: string | undefined,
  liveChallenges: Set<string>,
  identity: MemberIdentity,
): Promise<{ paths: string[]; next: string | null }> {
  const paths: string[] = [];
  let cursor = after;
  let read = 0;
  while (read < MAX_FEED_ENTRIES_PER_CALL) {
    const size = Math.min(FEED_PAGE_SIZE, MAX_FEED_ENTRIES_PER_CALL - read);
    const ordered = database.ref(dbPaths.feed).orderByChild('uid');
    const query = (
      cursor === undefined ? ordered.equalTo(uid) : ordered.startAfter(uid, cursor).endAt(uid)
    ).limitToFirst(size);
    const page: Array<[string, StoredCopy]> = [];
    (await query.get()).forEach((child) => {
      page.push([child.key!, child.val() as StoredCopy]);
    });
    read += page.length;
    for (const [challengeId, entry] of page) {
      if (liveChallenges.has(challengeId) && isStale(entry, identity))
        paths.push(dbPaths.feedEntry(challengeId));
    }
    if (page.length < size) return { paths, next: null };
    cursor = page.at(-1)![0];
  }
  return { paths, next: cursor ?? null };
}

/** The member's rows on the all-time board and on every weekly and monthly board their challenges touched. */
async function staleLeaderboardRows(
  database: Database,
  uid: string,
  challenges: ChallengeRecord[],
  identity: MemberIdentity,
): Promise<string[]> {
  const { weekly, monthly } = computeScore(challenges);
  const rows = [
    `${dbPaths.leaderboardAll}/${uid}`,
    ...Object.keys(weekly).map((week) => `${dbPaths.leaderboardWeekly(week)}/${uid}`),
    ...Object.keys(monthly).map((month) => `${dbPaths.leaderboardMonthly(month)}/${uid}`),
  ];
  const stored = await Promise.all(
    rows.map(async (path) => [path, (await database.ref(path).get()).val() as StoredCopy] as const),
  );
  // Only rows that exist: writing a name into a missing row would create a row without points.
  return stored.filter(([, row]) => row !== null && isStale(row, identity)).map(([path]) => path);
}

/**
 * The member's rows on group boards (their joined plans' groups and their own opened challenges'),
 * with each group's owner, whose feed card's avatars follow (docs/product.md, "Group challenges").
 */
async function staleGroupRows(
  database: Database,
  uid: string,
  challenges: Record<string, ChallengeRecord>,
  identity: MemberIdentity,
): Promise<Array<{ path: string; ownerId: string; challengeId: string }>> {
  const grouped = Object.entries(challenges).filter(
    ([, challenge]) =>
      challenge.deleted !== true &&
      (typeof challenge.groupOwnerId === 'string' || typeof challenge.memberCount === 'number'),
  );
  const found = await Promise.all(
    grouped.map(async ([challengeId, challenge]) => {
      const path = dbPaths.groupMember(challengeId, uid);
      const row = (await database.ref(path).get()).val() as StoredCopy;
      const ownerId = challenge.groupOwnerId ?? uid;
      return row !== null && isStale(row, identity) ? [{ path, ownerId, challengeId }] : [];
    }),
  );
  return found.flat();
}

/**
 * POST /api/me/identity: copies the member's current name and photo (from users/{uid}/info, never
 * from the request) into their challenges, feed entries and leaderboard rows, which keep copies so
 * the public lists need no per-row lookup (docs/architecture.md#data-model-and-access). Bounded: at
 * most MAX_FEED_ENTRIES_PER_CALL feed entries per call, continued with `{ after: next }`.
 * Idempotent: copies already current are not written again. Never creates a record: one removed
 * meanwhile stays removed (rewriteIfPresent).
 */
export function propagateIdentity({
  database,
  photoSources,
}: IdentityDependencies): RequestHandler {
  return async (request, response) => {
    const uid = memberUid(response);
    const { after } = parseOrThrow(identityRequestSchema, request.body ?? {});
    const [identity, challengesSnapshot] = await Promise.all([
      readIdentity(database, uid, photoSources),
      database.ref(dbPaths.userChallenges(uid)).get(),
    ]);
    const challengesById = (challengesSnapshot.val() ?? {}) as Record<string, ChallengeRecord>;
    const liveChallenges = new Set(
      Object.entries(challengesById)
        .filter(([, challenge]) => challenge.deleted !== true)
        .map(([challengeId]) => challengeId),
    );
    const [feed, rows, groupRows] = await Promise.all([
      staleFeedEntries(database, uid, after, liveChallenges, identity),
      staleLeaderboardRows(database, uid, Object.values(challengesById), identity),
      after === undefined ? staleGroupRows(database, uid, challengesById, identity) : [],
    ]);
    // The challenges themselves once, on the first call of a series.
    const challengePaths =
      after === undefined
        ? Object.entries(challengesById)
            .filter(([, challenge]) => isStale(challenge, identity))
            .map(([challengeId]) => dbPaths.challenge(uid, challengeId))
        : [];

    // A challenge is never removed (the rules allow only a soft delete), so one update is safe for
    // its copies; feed entries and board rows are, so each is rewritten only if still there.
    const challengeUpdate: Update = {};
    for (const path of challengePaths) rewrite(challengeUpdate, path, identity);
    const [, feedWritten, rowsWritten] = await Promise.all([
      challengePaths.length > 0 ? database.ref().update(challengeUpdate) : undefined,
      Promise.all(feed.paths.map((path) => rewriteIfPresent(database, path, identity))),
      Promise.all(rows.map((path) => rewriteIfPresent(database, path, identity))),
      Promise.all(
        groupRows.map(async ({ ownerId, challengeId }) => {
          // Only while the member is in the group (docs/security.md, "Group challenges").
          if (await writeGuardedRowFields(database, challengeId, uid, { ...identity }))
            await refreshGroupSummary(database, ownerId, challengeId);
        }),
      ),
    ]);
    response.json({
      ...identity,
      feedEntries: countTrue(feedWritten),
      leaderboardRows: countTrue(rowsWritten),
      challenges: challengePaths.length,
      next: feed.next,
    } satisfies IdentityResponse);
  };
}
