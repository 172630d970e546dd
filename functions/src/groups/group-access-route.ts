import type { RequestHandler } from 'express';
import { dbPaths } from '@domain/data/database-paths';
import { groupAccessRequestSchema } from '@domain/challenges/group-records';
import type { AccessResponse } from '@domain/api/groups';
import { memberUid } from '../http/authenticate';
import { boardRowUpdate, earningPlan, writeGuardedBoardUpdate } from './group-board-writes';
import {
  assertChangeable,
  challengeParamsSchema,
  fieldPaths,
  openGroup,
  readOwnChallenge,
  type GroupOwnerDependencies,
} from './group-store';
import { refreshGroupSummary } from './group-places';
import { parseOrThrow } from '../http/http-error';

/**
 * PUT /api/challenges/:challengeId/access {access}: the owner opens their challenge to others ('link',
 * 'feed': the group with the owner as member #1 and an invite link, made when missing) or closes it
 * ('solo': invitations close, members stay). Not on an ended or hidden challenge (docs/product.md,
 * "Group challenges").
 */
export function setGroupAccess({ database, clock }: GroupOwnerDependencies): RequestHandler {
  return async (request, response) => {
    const uid = memberUid(response);
    const { challengeId } = parseOrThrow(challengeParamsSchema, request.params);
    const { access } = parseOrThrow(groupAccessRequestSchema, request.body ?? {});
    const now = clock();
    const challenge = await readOwnChallenge(database, uid, challengeId);
    assertChangeable(challenge, now);
    const path = dbPaths.challenge(uid, challengeId);
    if (access === 'solo') {
      await database.ref().update({
        [`${path}/access`]: 'solo',
        ...(challenge.invite && { [`${dbPaths.challengeInvite(uid, challengeId)}/open`]: false }),
      });
    } else {
      const grouped = (await database.ref(`${dbPaths.group(challengeId)}/ownerId`).get()).exists();
      const opened = openGroup({ ownerId: uid, challengeId, challenge, access, grouped, now });
      await database.ref().update({ ...opened.group, ...fieldPaths(path, opened.owner) });
      // Meals the owner proved while it was solo show on their new row (one definition of a row's proofs).
      if (!grouped)
        await writeGuardedBoardUpdate(
          database,
          boardRowUpdate(challengeId, uid, challenge, earningPlan(challenge)),
        );
    }
    await refreshGroupSummary(database, uid, challengeId);
    response.json({ challengeId, access } satisfies AccessResponse);
  };
}
