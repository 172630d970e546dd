import type { RequestHandler } from 'express';
import { GROUP_MESSAGES } from '@domain/challenges/group-records';
import { memberUid } from './authenticate';
import type { GroupOwnerDependencies } from './group-access-route';
import {
  assertChangeable,
  challengeParamsSchema,
  isGroupMember,
  memberParamsSchema,
  readOwnedChallenge,
  removeFromGroup,
} from './group-store';
import { HttpError, parseOrThrow } from './http-error';

const emptyBody = (body: unknown) => {
  if (body && typeof body === 'object' && Object.keys(body).length > 0)
    throw new HttpError(400, `${Object.keys(body).join(', ')}: Unrecognized key`);
};

/**
 * POST /api/challenges/:challengeId/leave: a member (not the owner) leaves before the challenge ends:
 * their plan and board row go, points earned stay (group-store.ts removeFromGroup).
 */
export function leaveGroup({ database, clock }: GroupOwnerDependencies): RequestHandler {
  return async (request, response) => {
    const uid = memberUid(response);
    const { challengeId } = parseOrThrow(challengeParamsSchema, request.params);
    emptyBody(request.body);
    const now = clock();
    const { ownerId, challenge } = await readOwnedChallenge(database, challengeId);
    if (ownerId === uid) throw new HttpError(409, GROUP_MESSAGES.ownerCannotLeave);
    if (!(await isGroupMember(database, challengeId, uid)))
      throw new HttpError(404, GROUP_MESSAGES.notMember);
    assertChangeable(challenge, now);
    await removeFromGroup(database, { ownerId, challengeId, uid, now });
    response.json({ challengeId, left: true });
  };
}

/** DELETE /api/challenges/:challengeId/members/:uid: the owner removes a member, as if they left. */
export function removeGroupMember({ database, clock }: GroupOwnerDependencies): RequestHandler {
  return async (request, response) => {
    const caller = memberUid(response);
    const { challengeId, uid } = parseOrThrow(memberParamsSchema, request.params);
    const now = clock();
    const { ownerId, challenge } = await readOwnedChallenge(database, challengeId);
    if (caller !== ownerId)
      throw new HttpError(403, 'Only the owner of this challenge can remove members');
    if (uid === ownerId) throw new HttpError(409, GROUP_MESSAGES.ownerCannotLeave);
    if (!(await isGroupMember(database, challengeId, uid)))
      throw new HttpError(404, 'This member is not in this challenge');
    assertChangeable(challenge, now);
    await removeFromGroup(database, { ownerId, challengeId, uid, now });
    response.json({ challengeId, uid, removed: true });
  };
}
