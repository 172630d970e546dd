import { timingSafeEqual } from 'node:crypto';
import type { Database } from 'firebase-admin/database';
import type { ApiErrorCode } from '@domain/api-errors';
import { GROUP_MEMBER_LIMIT } from '@domain/challenges/challenge-board';
import { dbPaths } from '@domain/data/database-paths';
import { GROUP_MESSAGES } from '@domain/challenges/group-records';
import { isMemberDisabled } from '../admin/disabled-member-sweep';
import { HttpError } from '../http/http-error';
import { isGroupMember, readChallengeSettings, type ChallengeSettings } from './group-store';

export const DISABLED_MESSAGE = 'This account is disabled';

/** An invite token compared in constant time (the join's check, and the preview's for visitors). */
export function sameToken(given: string, kept: string): boolean {
  const [left, right] = [Buffer.from(given), Buffer.from(kept)];
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Where a would-be member stands with a group: already in it, or why they may not join (null: they may). */
export interface JoinAssessment extends ChallengeSettings {
  joined: boolean;
  memberCount: number;
  refusal: HttpError | null;
}

/**
 * The checks a join makes before planning, shared with the invitation preview (docs/product.md, "Group
 * challenges"): 404 unknown; 409 hidden, ended or full; 403 invitations closed, a wrong or old token, a
 * disabled member. A member already in the group (the owner included) is never refused.
 */
export async function assessJoin(
  database: Database,
  {
    challengeId,
    uid,
    token,
    now,
  }: { challengeId: string; uid: string; token?: string; now: number },
): Promise<JoinAssessment> {
  // The member's reads need not wait for the owner's: one round of reads, then the owner's record
  // without its plan.
  const [owned, member, count, disabled] = await Promise.all([
    readChallengeSettings(database, challengeId),
    isGroupMember(database, challengeId, uid),
    database.ref(dbPaths.groupMemberCount(challengeId)).get(),
    isMemberDisabled(database, uid),
  ]);
  const joined = owned.ownerId === uid || member;
  const memberCount = typeof count.val() === 'number' ? (count.val() as number) : 1;
  const refuse = (status: number, code: ApiErrorCode, message: string) => ({
    ...owned,
    joined,
    memberCount,
    refusal: new HttpError(status, code, message),
  });
  const { challenge } = owned;
  if (joined) return { ...owned, joined, memberCount, refusal: null };
  if (disabled) return refuse(403, 'account-disabled', DISABLED_MESSAGE);
  if (challenge.moderation) return refuse(409, 'challenge-hidden', GROUP_MESSAGES.hidden);
  if (owned.endsAt !== undefined && now > owned.endsAt)
    return refuse(409, 'challenge-ended', GROUP_MESSAGES.ended);
  const invite = challenge.invite;
  const open =
    (challenge.access === 'link' || challenge.access === 'feed') && invite?.open === true;
  if (!owned.grouped || !open || !invite)
    return refuse(403, 'invite-closed', GROUP_MESSAGES.closed);
  // From the feed no token is needed; a token that is given must still be the current one.
  const tokenNeeded = challenge.access === 'link' || token !== undefined;
  if (tokenNeeded && (token === undefined || !sameToken(token, invite.token)))
    return refuse(403, 'invalid-invite', GROUP_MESSAGES.badToken);
  if (memberCount >= GROUP_MEMBER_LIMIT) return refuse(409, 'group-full', GROUP_MESSAGES.full);
  return { ...owned, joined, memberCount, refusal: null };
}
