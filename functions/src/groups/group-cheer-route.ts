import { ServerValue } from 'firebase-admin/database';
import type { RequestHandler } from 'express';
import { dbPaths } from '@domain/data/database-paths';
import { boardProofOfRow } from '@domain/challenges/board-windows';
import { cheerRequestSchema } from '@domain/challenges/group-records';
import { type MealKey } from '@domain/challenges/meal-key';
import type { CheerResponse } from '@domain/api/groups';
import { memberUid } from '../http/authenticate';
import { writeGuardedBoardUpdate } from './group-board-writes';
import { keepLatestNotices } from './notice-retention';
import { HttpError, parseOrThrow } from '../http/http-error';
import { pushCheer, type GroupPushDependencies } from '../reminders/group-push';
import {
  groupPeerParamsSchema,
  groupPeers,
  markOnce,
  noticeUpdate,
  type GroupPeerDependencies,
} from './group-peers';

/**
 * POST /api/challenges/:challengeId/members/:uid/cheers {meal}: a member cheers another member's
 * proved meal, once per meal per cheerer (a second cheer is a 200 that changes nothing). The count
 * on the row and a notice for the cheered member are written together (docs/product.md, "Group
 * challenges").
 */
export function cheerMember(
  dependencies: GroupPeerDependencies & GroupPushDependencies,
): RequestHandler {
  const { database, clock } = dependencies;
  return async (request, response) => {
    const fromUid = memberUid(response);
    const { challengeId, uid } = parseOrThrow(groupPeerParamsSchema, request.params);
    const meal = parseOrThrow(cheerRequestSchema, request.body ?? {}).meal as MealKey;
    if (uid === fromUid) throw new HttpError(400, 'self-action', 'You cannot cheer your own meal');
    const peers = await groupPeers(database, challengeId, fromUid, uid);
    if (boardProofOfRow(peers.to, meal) !== 'Done')
      throw new HttpError(409, 'conflict', 'Only a proved meal can be cheered');
    const now = clock();
    if (!(await markOnce(database, dbPaths.groupCheer(challengeId, uid, meal, fromUid), now))) {
      response.json({ challengeId, uid, meal, cheered: false } satisfies CheerResponse);
      return;
    }
    // The count lands only while the cheered member is still in the group (group-board-writes.ts).
    await writeGuardedBoardUpdate(database, {
      [`${dbPaths.groupMember(challengeId, uid)}/meals/${meal}/cheers`]: ServerValue.increment(1),
      ...noticeUpdate(
        database,
        uid,
        {
          kind: 'cheer',
          at: now,
          fromUid,
          ownerId: peers.ownerId,
          challengeId,
          title: peers.title,
          meal,
        },
        peers.from,
      ),
    });
    await keepLatestNotices(database, uid);
    // On their phone too, when they allow it (functions/src/reminders/group-push.ts).
    await pushCheer(dependencies, uid, {
      fromName: peers.from.displayName,
      ownerId: peers.ownerId,
      challengeId,
      challengeTitle: peers.title,
      mealKey: meal,
    });
    response.status(201).json({ challengeId, uid, meal, cheered: true } satisfies CheerResponse);
  };
}
