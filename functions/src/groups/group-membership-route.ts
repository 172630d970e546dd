import type { RequestHandler } from 'express';
import { GROUP_MESSAGES } from '@domain/challenges/group-records';
import type { LeaveResponse, RemoveMemberResponse } from '@domain/api/groups';
import { memberUid } from '../http/authenticate';
import {
  assertChangeable,
  challengeParamsSchema,
  hasBoardRow,
  memberParamsSchema,
  readOwnedChallenge,
} from './group-store';
import { removeFromGroup } from './group-removal';
import { HttpError, parseOrThrow } from '../http/http-error';
import { recomputeTotals, type RecomputeDependencies } from '../progress/recompute-totals';

const NOT_IN_CHALLENGE = 'This member is not in this challenge';

const emptyBody = (body: unknown) => {
  if (body && typeof body === 'object' && Object.keys(body).length > 0)
    throw new HttpError(
      400,
      'invalid-request',
      `${Object.keys(body).join(', ')}: Unrecognized key`,
    );
};

/** The member who left or was removed has a score, boards, streak and counters without that plan. */
async function recomputeAfterLeaving(
  dependencies: RecomputeDependencies,
  uid: string,
  challengeId: string,
): Promise<void> {
  try {
    await recomputeTotals(dependencies, uid, challengeId);
  } catch (error) {
    // A member with no first sign-in record has no totals to bring up to date (recompute-totals.ts).
    if (!(error instanceof HttpError && error.status === 409)) throw error;
  }
}

/**
 * POST /api/challenges/:challengeId/leave: a member (not the owner) leaves before the challenge ends:
 * their plan and board row go, points earned stay (group-store.ts removeFromGroup), and their totals
 * and boards are recomputed in the same request. A parallel second leave finds no row: 404.
 */
export function leaveGroup(dependencies: RecomputeDependencies): RequestHandler {
  const { database, clock } = dependencies;
  return async (request, response) => {
    const uid = memberUid(response);
    const { challengeId } = parseOrThrow(challengeParamsSchema, request.params);
    emptyBody(request.body);
    const now = clock();
    const { ownerId, challenge } = await readOwnedChallenge(database, challengeId);
    if (ownerId === uid) throw new HttpError(409, 'conflict', GROUP_MESSAGES.ownerCannotLeave);
    if (!(await hasBoardRow(database, challengeId, uid)))
      throw new HttpError(404, 'not-member', GROUP_MESSAGES.notMember);
    assertChangeable(challenge, now);
    await removeFromGroup(database, { ownerId, challengeId, uid, now });
    await recomputeAfterLeaving(dependencies, uid, challengeId);
    response.json({ challengeId, left: true } satisfies LeaveResponse);
  };
}

/**
 * DELETE /api/challenges/:challengeId/members/:uid: the owner removes a member, as if they left. Any
 * row under the member's id goes, one without joinedAt too (a write that raced an earlier removal).
 */
export function removeGroupMember(dependencies: RecomputeDependencies): RequestHandler {
  const { database, clock } = dependencies;
  return async (request, response) => {
    const caller = memberUid(response);
    const { challengeId, uid } = parseOrThrow(memberParamsSchema, request.params);
    const now = clock();
    const { ownerId, challenge } = await readOwnedChallenge(database, challengeId);
    if (caller !== ownerId)
      throw new HttpError(403, 'forbidden', 'Only the owner of this challenge can remove members');
    if (uid === ownerId) throw new HttpError(409, 'conflict', GROUP_MESSAGES.ownerCannotLeave);
    if (!(await hasBoardRow(database, challengeId, uid)))
      throw new HttpError(404, 'not-found', NOT_IN_CHALLENGE);
    assertChangeable(challenge, now);
    await removeFromGroup(database, { ownerId, challengeId, uid, now }, NOT_IN_CHALLENGE);
    await recomputeAfterLeaving(dependencies, uid, challengeId);
    response.json({ challengeId, uid, removed: true } satisfies RemoveMemberResponse);
  };
}
