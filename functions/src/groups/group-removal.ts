import { ServerValue, type Database } from 'firebase-admin/database';
import { isChallengeDeleted } from '@domain/challenges/challenge-activity';
import type { ChallengeRecord } from '@domain/challenges/challenge-record';
import { dbPaths } from '@domain/data/database-paths';
import { GROUP_MESSAGES, type BoardRow } from '@domain/challenges/group-records';
import { ChallengeCreationLock } from '../challenges/challenge-creation-lock';
import { readActiveCount } from '../challenges/challenge-records';
import { HttpError } from '../http/http-error';
import { refreshGroupSummary } from './group-places';
import { valueAt } from './group-store';

type Update = Record<string, unknown>;

/**
 * The member's counters once `plan` is gone: the active ones from their challenges that may still be
 * active (an indexed query, challenge-records.ts), the stored total one less; the recompute that follows
 * a leave or removal writes both again from the member's progress.
 */
async function countersAfterLeaving(
  database: Database,
  uid: string,
  challengeId: string,
  plan: ChallengeRecord,
  now: number,
): Promise<Update> {
  const info = dbPaths.userInfo(uid);
  const [active, total] = await Promise.all([
    readActiveCount(database, uid, now, [challengeId]),
    valueAt<unknown>(database, `${info}/totalChallenges`),
  ]);
  return {
    [`${info}/activeChallenges`]: active,
    ...(typeof total === 'number' && {
      [`${info}/totalChallenges`]: Math.max(0, total - (isChallengeDeleted(plan) ? 0 : 1)),
    }),
  };
}

/**
 * Takes a member out of a group (leave or removal) in one multi-path update: their plan, board row and
 * photos go and their place is given back (an increment beside the row's deletion, so the count moves
 * exactly when a row with `joinedAt` goes). A row left without `joinedAt` (a write that raced an earlier
 * removal) is deleted too, with no place to give back. Under the member's creation lock, whose holder
 * is this request alone: a parallel leave or removal of the same member waits, then finds no row (404);
 * a join of theirs cannot count against a stale total. Their leaderboard rows are not touched here:
 * the caller recomputes them (group-membership-route.ts). Answers whether a member (with `joinedAt`) left.
 */
export async function removeFromGroup(
  database: Database,
  {
    ownerId,
    challengeId,
    uid,
    now,
  }: { ownerId: string; challengeId: string; uid: string; now: number },
  notFound: string = GROUP_MESSAGES.notMember,
): Promise<void> {
  const lock = new ChallengeCreationLock(database, uid, `leave-${challengeId}`);
  await lock.acquire();
  let removed = false;
  try {
    const rowPath = dbPaths.groupMember(challengeId, uid);
    const [row, mine] = await Promise.all([
      valueAt<Partial<BoardRow>>(database, rowPath),
      valueAt<ChallengeRecord>(database, dbPaths.challenge(uid, challengeId)),
    ]);
    if (row === null) throw new HttpError(404, 'not-found', notFound);
    const member = typeof row.joinedAt === 'number';
    // Only the member's joined plan: never a challenge of their own that shares the id.
    const plan = member && mine?.groupOwnerId === ownerId ? mine : null;
    const counters = plan ? await countersAfterLeaving(database, uid, challengeId, plan, now) : {};
    await database.ref().update({
      ...(plan && { [dbPaths.challenge(uid, challengeId)]: null }),
      [rowPath]: null,
      [dbPaths.groupPhotos(challengeId, uid)]: null,
      ...(member && { [dbPaths.groupMemberCount(challengeId)]: ServerValue.increment(-1) }),
      ...counters,
      [lock.path]: null,
    });
    removed = true;
  } finally {
    if (!removed) await lock.release();
  }
  await refreshGroupSummary(database, ownerId, challengeId);
}
