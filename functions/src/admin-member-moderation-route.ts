import type { Auth } from 'firebase-admin/auth';
import type { Database } from 'firebase-admin/database';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import type { ChallengeRecord, FeedEntry } from '../../src/domain/challenge-record';
import {
  MODERATION_REASON_MAX_LENGTH,
  type DisabledMemberRecord,
  type HiddenFeedRecord,
  type LeaderboardRows,
} from '../../src/domain/moderation-records';
import { computeScore } from '../../src/domain/points';
import { DATABASE_KEY, dbPaths } from '../../src/domain/database-paths';
import { adminIdentity } from './authenticate';
import { auditUpdate } from './admin-audit';
import { hiddenFeedOf, restoredFeedEntry } from './admin-feed-stash';
import { HttpError, parseOrThrow } from './http-error';

export interface MemberModerationDependencies {
  database: Database;
  auth: Auth;
  clock: () => number;
}

const paramsSchema = z.object({ uid: z.string().regex(DATABASE_KEY, 'Not a member id') });
const disableSchema = z.strictObject({
  reason: z.string().trim().max(MODERATION_REASON_MAX_LENGTH).default(''),
});
const enableSchema = z.strictObject({});

async function authUser(auth: Auth, uid: string) {
  try {
    return await auth.getUser(uid);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'auth/user-not-found')
      throw new HttpError(404, 'No member has this id');
    throw error;
  }
}

/** Paths of every leaderboard row the member can have: the periods their challenges score in. */
async function leaderboardPaths(database: Database, uid: string) {
  const challenges = Object.values(
    ((await database.ref(dbPaths.userChallenges(uid)).get()).val() ?? {}) as Record<
      string,
      ChallengeRecord
    >,
  );
  const score = computeScore(challenges);
  return {
    all: `${dbPaths.leaderboardAll}/${uid}`,
    weekly: Object.keys(score.weekly).map((week) => [
      week,
      `${dbPaths.leaderboardWeekly(week)}/${uid}`,
    ]),
    monthly: Object.keys(score.monthly).map((month) => [
      month,
      `${dbPaths.leaderboardMonthly(month)}/${uid}`,
    ]),
  };
}

/** The member's rows as they stand (kept for enabling), and the update that removes them. */
async function takeLeaderboardRows(database: Database, uid: string) {
  const paths = await leaderboardPaths(database, uid);
  const read = async (path: string) => (await database.ref(path).get()).val() as unknown;
  const rows: LeaderboardRows = { weekly: {}, monthly: {} };
  const removal: Record<string, null> = {};
  const all = await read(paths.all);
  if (all !== null) [rows.all, removal[paths.all]] = [all, null];
  for (const [board, entries] of [
    ['weekly', paths.weekly],
    ['monthly', paths.monthly],
  ] as const) {
    for (const [period, path] of entries) {
      const row = await read(path);
      if (row !== null) [rows[board]![period], removal[path]] = [row, null];
    }
  }
  return { rows, removal };
}

function leaderboardRestore(uid: string, rows: LeaderboardRows | undefined) {
  const update: Record<string, unknown> = {};
  if (rows?.all) update[`${dbPaths.leaderboardAll}/${uid}`] = rows.all;
  for (const [week, row] of Object.entries(rows?.weekly ?? {}))
    update[`${dbPaths.leaderboardWeekly(week)}/${uid}`] = row;
  for (const [month, row] of Object.entries(rows?.monthly ?? {}))
    update[`${dbPaths.leaderboardMonthly(month)}/${uid}`] = row;
  return update;
}

/**
 * POST /api/admin/members/:uid/disable {reason?}: Auth disables the account and revokes its
 * sessions (sign-in and the API refuse it), then its feed entries and leaderboard rows are taken
 * out of view and kept server-side for enabling.
 */
export function disableMember({
  database,
  auth,
  clock,
}: MemberModerationDependencies): RequestHandler {
  return async (request, response) => {
    const admin = adminIdentity(response);
    const { uid } = parseOrThrow(paramsSchema, request.params);
    const { reason } = parseOrThrow(disableSchema, request.body ?? {});
    if (uid === admin.uid) throw new HttpError(400, 'You cannot disable your own account');
    const user = await authUser(auth, uid);
    const existing = (await database.ref(dbPaths.disabledMember(uid)).get()).val() as unknown;
    if (existing !== null) throw new HttpError(409, 'This member is already disabled');
    await auth.updateUser(uid, { disabled: true });
    await auth.revokeRefreshTokens(uid);

    const [feedSnapshot, alreadyHidden, leaderboard] = await Promise.all([
      database.ref(dbPaths.feed).orderByChild('uid').equalTo(uid).get(),
      hiddenFeedOf(database, uid),
      takeLeaderboardRows(database, uid),
    ]);
    const now = clock();
    const update: Record<string, unknown> = { ...leaderboard.removal };
    for (const [challengeId, entry] of Object.entries(
      (feedSnapshot.val() ?? {}) as Record<string, FeedEntry>,
    )) {
      const record: HiddenFeedRecord = { uid, entry, byDisabledMember: true };
      update[dbPaths.feedEntry(challengeId)] = null;
      update[dbPaths.hiddenFeedEntry(challengeId)] = record;
    }
    for (const challengeId of Object.keys(alreadyHidden))
      update[`${dbPaths.hiddenFeedEntry(challengeId)}/byDisabledMember`] = true;
    const record: DisabledMemberRecord = {
      at: now,
      by: admin.uid,
      reason,
      leaderboard: leaderboard.rows,
    };
    update[dbPaths.disabledMember(uid)] = record;
    Object.assign(
      update,
      auditUpdate(database, {
        at: now,
        action: 'disable-member',
        actor: admin,
        target: { uid, label: user.email ?? user.displayName ?? uid },
        reason,
      }),
    );
    await database.ref().update(update);
    response.json({ uid, disabled: true });
  };
}

/**
 * POST /api/admin/members/:uid/enable: Auth enables the account; the entries and rows taken out
 * at disabling come back, except challenges a moderator hid or the member deleted.
 */
export function enableMember({
  database,
  auth,
  clock,
}: MemberModerationDependencies): RequestHandler {
  return async (request, response) => {
    const admin = adminIdentity(response);
    const { uid } = parseOrThrow(paramsSchema, request.params);
    parseOrThrow(enableSchema, request.body ?? {});
    const user = await authUser(auth, uid);
    const disabled = (
      await database.ref(dbPaths.disabledMember(uid)).get()
    ).val() as DisabledMemberRecord | null;
    if (!disabled && !user.disabled) throw new HttpError(409, 'This member is not disabled');

    const hidden = await hiddenFeedOf(database, uid);
    const update: Record<string, unknown> = { ...leaderboardRestore(uid, disabled?.leaderboard) };
    for (const [challengeId, record] of Object.entries(hidden)) {
      if (!record.byDisabledMember) continue;
      if (record.byModerator) {
        update[`${dbPaths.hiddenFeedEntry(challengeId)}/byDisabledMember`] = null;
        continue;
      }
      update[dbPaths.hiddenFeedEntry(challengeId)] = null;
      const entry = await restoredFeedEntry(database, challengeId, record);
      if (entry) update[dbPaths.feedEntry(challengeId)] = entry;
    }
    update[dbPaths.disabledMember(uid)] = null;
    Object.assign(
      update,
      auditUpdate(database, {
        at: clock(),
        action: 'enable-member',
        actor: admin,
        target: { uid, label: user.email ?? user.displayName ?? uid },
        reason: '',
      }),
    );
    // Content first: should Auth then fail, a retry finds the member still disabled and repeats.
    await database.ref().update(update);
    await auth.updateUser(uid, { disabled: false });
    response.json({ uid, disabled: false });
  };
}
