import type { Database } from 'firebase-admin/database';
import { z } from 'zod';
import { DATABASE_KEY, dbPaths } from '@domain/data/database-paths';
import { GROUP_MESSAGES, type BoardRow, type NoticeRecord } from '@domain/challenges/group-records';
import { isMemberDisabled } from '../admin/disabled-member-sweep';
import { HttpError } from '../http/http-error';

/**
 * What the routes on another member of a group share (cheers, nudges, reports): the two members' rows,
 * the notice a cheer or nudge leaves, and a once-only marker.
 */

export interface GroupPeerDependencies {
  database: Database;
  clock: () => number;
}

/** :challengeId and :uid of the routes on another member of a group. */
export const groupPeerParamsSchema = z.object({
  challengeId: z.string().regex(DATABASE_KEY, 'Not a challenge id'),
  uid: z.string().regex(DATABASE_KEY, 'Not a member id'),
});

export interface GroupPeers {
  ownerId: string;
  title: string;
  /** The caller's board row and the other member's. */
  from: BoardRow;
  to: BoardRow;
}

/**
 * The group of challengeId as seen by a member acting on another (docs/product.md, "Group
 * challenges"): 404 for an unknown challenge or member, 403 for a caller who is disabled or not on
 * the board, 409 while a moderator hides the challenge.
 */
export async function groupPeers(
  database: Database,
  challengeId: string,
  fromUid: string,
  toUid: string,
): Promise<GroupPeers> {
  const [ownerSnapshot, disabled, fromSnapshot, toSnapshot] = await Promise.all([
    database.ref(`${dbPaths.group(challengeId)}/ownerId`).get(),
    isMemberDisabled(database, fromUid),
    database.ref(dbPaths.groupMember(challengeId, fromUid)).get(),
    database.ref(dbPaths.groupMember(challengeId, toUid)).get(),
  ]);
  const ownerId: unknown = ownerSnapshot.val();
  if (typeof ownerId !== 'string') throw new HttpError(404, 'not-found', 'Challenge not found');
  if (disabled) throw new HttpError(403, 'account-disabled', 'This account is disabled');
  // Membership is a row with joinedAt (docs/security.md, "Group challenges").
  if (!fromSnapshot.child('joinedAt').exists())
    throw new HttpError(403, 'not-member', GROUP_MESSAGES.notMember);
  const challenge = dbPaths.challenge(ownerId, challengeId);
  const [title, deleted, moderation] = await Promise.all(
    ['title', 'deleted', 'moderation'].map(async (field) =>
      (await database.ref(`${challenge}/${field}`).get()).val(),
    ),
  );
  if (typeof title !== 'string' || deleted === true)
    throw new HttpError(404, 'not-found', 'Challenge not found');
  if (moderation) throw new HttpError(409, 'challenge-hidden', GROUP_MESSAGES.hidden);
  if (!toSnapshot.child('joinedAt').exists())
    throw new HttpError(404, 'not-found', 'This member is not in this challenge');
  return {
    ownerId,
    title,
    from: fromSnapshot.val() as BoardRow,
    to: toSnapshot.val() as BoardRow,
  };
}

/**
 * A cheer's or nudge's writes beside the row's count: the notice for the other member (users/{uid}/notices),
 * from the caller's board row, and the caller's own record of it (groupGiven, which only the caller reads), so
 * their board shows it done after a reload (docs/product.md, "Cheer and nudge").
 */
export function noticeUpdate(
  database: Database,
  toUid: string,
  notice: Omit<NoticeRecord, 'fromName' | 'fromPhotoURL'>,
  from: BoardRow,
): Record<string, unknown> {
  const key = database.ref(dbPaths.notices(toUid)).push().key!;
  const record: NoticeRecord = {
    ...notice,
    fromName: from.displayName ?? '',
    fromPhotoURL: from.photoURL ?? '',
  };
  const given = dbPaths.groupGiven(notice.challengeId, notice.fromUid);
  return {
    [`${dbPaths.notices(toUid)}/${key}`]: record,
    [`${given}/${toUid}/${notice.meal}/${notice.kind}`]: notice.at,
  };
}

/**
 * Records `fromUid` at a server-only marker once: true when this call made it (a transaction, so two
 * racing calls agree on which one was first).
 */
export async function markOnce(database: Database, path: string, now: number): Promise<boolean> {
  // An empty local cache reads as null: the server then answers with the stored marker and we abort.
  const result = await database
    .ref(path)
    .transaction((current: unknown) => (current === null ? now : undefined));
  return result.committed && result.snapshot.val() === now;
}
