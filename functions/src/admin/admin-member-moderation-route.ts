import type { Auth } from 'firebase-admin/auth';
import type { Database } from 'firebase-admin/database';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { type DisabledMemberRecord, type LeaderboardRows } from '@domain/site/moderation-records';
import { DATABASE_KEY, dbPaths } from '@domain/data/database-paths';
import type { PhotoSources } from '@domain/members/member-identity';
import {
  disableMemberRequestSchema,
  emptyRequestSchema,
  type DisableMemberResponse,
  type EnableMemberResponse,
} from '@domain/api/admin';
import { adminIdentity } from '../http/authenticate';
import { auditUpdate } from './admin-audit';
import { hiddenFeedOf, restoredFeedEntry } from './admin-feed-stash';
import type { ChallengeRecord } from '@domain/challenges/challenge-record';
import type { BoardRow } from '@domain/challenges/group-records';
import { sweepDisabledMember, type GroupRows } from './disabled-member-sweep';
import { refreshGroupSummary } from '../groups/group-places';
import { HttpError, parseOrThrow } from '../http/http-error';

export interface MemberModerationDependencies {
  database: Database;
  auth: Auth;
  clock: () => number;
  /** Where member photos may come from: a restored feed entry copies no photo from elsewhere. */
  photoSources: PhotoSources;
}

const paramsSchema = z.object({ uid: z.string().regex(DATABASE_KEY, 'Not a member id') });

async function authUser(auth: Auth, uid: string) {
  try {
    return await auth.getUser(uid);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'auth/user-not-found')
      throw new HttpError(404, 'not-found', 'No member has this id');
    throw error;
  }
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
 * Puts the member's group board rows set aside at disabling back where the member is still in the
 * group: a membership row (with `joinedAt`; a record from before disabling kept only those may hold a
 * stray row, which stays out), their plan of that group (or their own challenge) still there and not
 * deleted (a member removed meanwhile stays out). Each row by a transaction that never replaces a row
 * with `joinedAt` stored meanwhile (docs/security.md, "Group challenges"). Answers the groups restored.
 */
async function restoreGroupRows(database: Database, uid: string, kept: GroupRows | undefined) {
  const groups: Array<[string, string]> = [];
  await Promise.all(
    Object.entries(kept ?? {}).map(async ([challengeId, { ownerId, row }]) => {
      if (typeof row?.joinedAt !== 'number') return;
      const plan = (
        await database.ref(dbPaths.challenge(uid, challengeId)).get()
      ).val() as ChallengeRecord | null;
      const ofThisGroup = ownerId === uid || plan?.groupOwnerId === ownerId;
      if (!plan || plan.deleted === true || !ofThisGroup) return;
      const { committed } = await database
        .ref(dbPaths.groupMember(challengeId, uid))
        .transaction((current: Partial<BoardRow> | null) =>
          typeof current?.joinedAt === 'number' ? undefined : row,
        );
      if (committed) groups.push([challengeId, ownerId]);
    }),
  );
  return groups;
}

/**
 * POST /api/admin/members/:uid/disable {reason?}: the marker moderation/disabledMembers/{uid} first
 * (the rules refuse the member's writes from then on, and a route finishing a write sees it), then
 * Auth disables the account and revokes its sessions (sign-in and the API refuse it), then their
 * feed entries and leaderboard rows are taken out of view and kept server-side for enabling.
 * Disabling a disabled member runs Auth and the clean-up again, idempotently (a late write, or a step
 * that failed, is cleaned up), and is audited like the first (docs/security.md, "Moderation races").
 */
export function disableMember({
  database,
  auth,
  clock,
}: MemberModerationDependencies): RequestHandler {
  return async (request, response) => {
    const admin = adminIdentity(response);
    const { uid } = parseOrThrow(paramsSchema, request.params);
    const { reason } = parseOrThrow(disableMemberRequestSchema, request.body ?? {});
    if (uid === admin.uid)
      throw new HttpError(400, 'self-action', 'You cannot disable your own account');
    const user = await authUser(auth, uid);
    const now = clock();
    const marker = database.ref(dbPaths.disabledMember(uid));
    const record: DisabledMemberRecord = { at: now, by: admin.uid, reason };
    // Kept when it exists: its date, its reason and the rows taken out at the first disabling.
    const created = await marker.transaction((existing: DisabledMemberRecord | null) =>
      existing === null ? record : undefined,
    );
    const again = !created.committed;
    await auth.updateUser(uid, { disabled: true });
    await auth.revokeRefreshTokens(uid);
    const audit = auditUpdate(database, {
      at: now,
      action: 'disable-member',
      actor: admin,
      target: { uid, label: user.email ?? user.displayName ?? uid },
      reason,
    });
    const swept = await sweepDisabledMember(database, uid, audit);
    // Enabled by another admin meanwhile: nothing was swept; the audit says what this admin did.
    if (!swept) await database.ref().update(audit);
    response.json({
      uid,
      disabled: true,
      again,
      feedEntries: swept?.feedEntries ?? 0,
      leaderboardRows: swept?.leaderboardRows ?? 0,
    } satisfies DisableMemberResponse);
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
  photoSources,
}: MemberModerationDependencies): RequestHandler {
  return async (request, response) => {
    const admin = adminIdentity(response);
    const { uid } = parseOrThrow(paramsSchema, request.params);
    parseOrThrow(emptyRequestSchema, request.body ?? {});
    const user = await authUser(auth, uid);
    const disabled = (
      await database.ref(dbPaths.disabledMember(uid)).get()
    ).val() as DisabledMemberRecord | null;
    if (!disabled && !user.disabled)
      throw new HttpError(409, 'conflict', 'This member is not disabled');

    const hidden = await hiddenFeedOf(database, uid);
    // Content first (the rows here): the marker goes only in the update below.
    const restoredGroups = await restoreGroupRows(
      database,
      uid,
      (disabled as { groupRows?: GroupRows } | null)?.groupRows,
    );
    const update: Record<string, unknown> = leaderboardRestore(uid, disabled?.leaderboard);
    for (const [challengeId, record] of Object.entries(hidden)) {
      if (!record.byDisabledMember) continue;
      if (record.byModerator) {
        update[`${dbPaths.hiddenFeedEntry(challengeId)}/byDisabledMember`] = null;
        continue;
      }
      update[dbPaths.hiddenFeedEntry(challengeId)] = null;
      const entry = await restoredFeedEntry(database, challengeId, record, photoSources);
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
    await Promise.all(
      restoredGroups.map(([challengeId, ownerId]) =>
        refreshGroupSummary(database, ownerId, challengeId),
      ),
    );
    response.json({ uid, disabled: false } satisfies EnableMemberResponse);
  };
}
