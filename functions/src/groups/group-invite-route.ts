import type { RequestHandler } from 'express';
import { dbPaths } from '@domain/data/database-paths';
import type { InviteRecord } from '@domain/challenges/group-records';
import type { CloseInviteResponse, InviteResponse } from '@domain/api/groups';
import { memberUid } from '../http/authenticate';
import {
  assertChangeable,
  challengeParamsSchema,
  newInviteToken,
  readOwnChallenge,
  type GroupOwnerDependencies,
} from './group-store';
import { HttpError, parseOrThrow } from '../http/http-error';

export const NOT_OPEN_MESSAGE =
  'This challenge is not open to others: choose who may join it first';

/**
 * POST /api/challenges/:challengeId/invite: the owner makes a new invite link; the old token stops
 * working and closed invitations open again. 201 {token}.
 */
export function renewInvite({ database, clock }: GroupOwnerDependencies): RequestHandler {
  return async (request, response) => {
    const uid = memberUid(response);
    const { challengeId } = parseOrThrow(challengeParamsSchema, request.params);
    const now = clock();
    const challenge = await readOwnChallenge(database, uid, challengeId);
    assertChangeable(challenge, now);
    if (challenge.access !== 'link' && challenge.access !== 'feed')
      throw new HttpError(409, 'conflict', NOT_OPEN_MESSAGE);
    const invite: InviteRecord = { token: newInviteToken(), open: true, madeAt: now };
    await database.ref(dbPaths.challengeInvite(uid, challengeId)).set(invite);
    response.status(201).json({ challengeId, token: invite.token } satisfies InviteResponse);
  };
}

/** DELETE /api/challenges/:challengeId/invite: the owner closes invitations (every link stops). */
export function closeInvite({ database }: GroupOwnerDependencies): RequestHandler {
  return async (request, response) => {
    const uid = memberUid(response);
    const { challengeId } = parseOrThrow(challengeParamsSchema, request.params);
    const challenge = await readOwnChallenge(database, uid, challengeId);
    if (challenge.invite)
      await database.ref(`${dbPaths.challengeInvite(uid, challengeId)}/open`).set(false);
    response.json({ challengeId, open: false } satisfies CloseInviteResponse);
  };
}
