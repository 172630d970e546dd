import type { RequestHandler } from 'express';
import { dbPaths } from '@domain/data/database-paths';
import type { BoardRow } from '@domain/challenges/group-records';
import type { MealKey } from '@domain/challenges/meal-key';
import { boardMealsOfRow } from '@domain/challenges/board-windows';
import { nudgeRequestSchema, type NudgeResponse } from '@domain/api/groups';
import { memberUid } from '../http/authenticate';
import {
  groupPeerParamsSchema,
  groupPeers,
  markOnce,
  noticeUpdate,
  type GroupPeerDependencies,
} from './group-peers';
import { keepLatestNotices } from './notice-retention';
import { HttpError, parseOrThrow } from '../http/http-error';
import { pushNudge, type GroupPushDependencies } from '../reminders/group-push';

/** The member's meal whose window is open at `now` and has no proof (or a rejected one), if any. */
export function openUnprovedMeal(row: BoardRow, now: number): MealKey | undefined {
  return boardMealsOfRow(row)
    .filter(
      ([, meal]) =>
        meal.opensAt <= now &&
        now <= meal.closesAt &&
        (meal.proof === undefined || meal.proof === 'Rejected'),
    )
    .map(([key]) => key)
    .sort()[0];
}

/**
 * POST /api/challenges/:challengeId/members/:uid/nudges {}: a member nudges another whose current
 * window is open and not yet proved, once per window per pair (a second nudge is a 200 that changes
 * nothing); the nudged member gets a notice (docs/product.md, "Group challenges").
 */
export function nudgeMember(
  dependencies: GroupPeerDependencies & GroupPushDependencies,
): RequestHandler {
  const { database, clock } = dependencies;
  return async (request, response) => {
    const fromUid = memberUid(response);
    const { challengeId, uid } = parseOrThrow(groupPeerParamsSchema, request.params);
    parseOrThrow(nudgeRequestSchema, request.body ?? {});
    if (uid === fromUid) throw new HttpError(400, 'self-action', 'You cannot nudge yourself');
    const peers = await groupPeers(database, challengeId, fromUid, uid);
    const now = clock();
    const meal = openUnprovedMeal(peers.to, now);
    if (!meal)
      throw new HttpError(
        409,
        'conflict',
        `${peers.to.displayName || 'This member'} has no open meal waiting for a proof right now`,
      );
    if (!(await markOnce(database, dbPaths.groupNudge(challengeId, uid, meal, fromUid), now))) {
      response.json({ challengeId, uid, meal, nudged: false } satisfies NudgeResponse);
      return;
    }
    await database.ref().update(
      noticeUpdate(
        database,
        uid,
        {
          kind: 'nudge',
          at: now,
          fromUid,
          ownerId: peers.ownerId,
          challengeId,
          title: peers.title,
          meal,
        },
        peers.from,
      ),
    );
    await keepLatestNotices(database, uid);
    // On their phone too, when they allow it (functions/src/reminders/group-push.ts).
    await pushNudge(dependencies, uid, {
      fromName: peers.from.displayName,
      ownerId: peers.ownerId,
      challengeId,
      challengeTitle: peers.title,
      mealKey: meal,
    });
    response.status(201).json({ challengeId, uid, meal, nudged: true } satisfies NudgeResponse);
  };
}
