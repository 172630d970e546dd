import type { RequestHandler } from 'express';
import { z } from 'zod';
import { DATABASE_KEY, dbPaths } from '@domain/data/database-paths';
import type { DeleteChallengeResponse } from '@domain/api/challenges';
import { memberUid } from '../http/authenticate';
import { HttpError, parseOrThrow } from '../http/http-error';
import { recomputeTotals, type RecomputeDependencies } from '../progress/recompute-totals';

const paramsSchema = z.object({
  challengeId: z.string().regex(DATABASE_KEY, 'Not a challenge id'),
});

/** Why a delete is refused (docs/product.md, "Group challenges": a joined plan is left, not deleted). */
export const DELETE_MESSAGES = {
  notFound: 'Challenge not found',
  joined: 'A challenge you joined is left, not deleted: use "Leave challenge"',
} as const;

/** The soft delete: marked deleted and inactive, its feed entry removed, in one multi-path update. */
export function challengeDeleteWrites(uid: string, challengeId: string) {
  const challenge = dbPaths.challenge(uid, challengeId);
  return {
    [`${challenge}/deleted`]: true,
    [`${challenge}/isActive`]: false,
    [dbPaths.feedEntry(challengeId)]: null,
  };
}

/**
 * DELETE /api/challenges/:challengeId: the caller soft-deletes their own challenge
 * (docs/product.md#states-and-transitions: deleted and inactive, its feed entry removed), and their
 * score, week and month boards, streak, glance and board rows are recomputed in the same request
 * (docs/architecture.md, "Derived data"). A second delete changes nothing more and answers the same;
 * a recompute that fails answers an error, and the retry (the challenge already deleted) recomputes
 * again. Answers the caller's new score.
 */
export function deleteChallenge(dependencies: RecomputeDependencies): RequestHandler {
  const { database } = dependencies;
  return async (request, response) => {
    const uid = memberUid(response);
    const { challengeId } = parseOrThrow(paramsSchema, request.params);
    const challenge = dbPaths.challenge(uid, challengeId);
    const [title, groupOwnerId, deleted] = await Promise.all(
      ['title', 'groupOwnerId', 'deleted'].map(async (field) =>
        (await database.ref(`${challenge}/${field}`).get()).val(),
      ),
    );
    if (typeof title !== 'string') throw new HttpError(404, 'not-found', DELETE_MESSAGES.notFound);
    if (groupOwnerId) throw new HttpError(409, 'conflict', DELETE_MESSAGES.joined);
    if (deleted !== true) await database.ref().update(challengeDeleteWrites(uid, challengeId));
    const { score } = await recomputeTotals(dependencies, uid, challengeId);
    response.json({ challengeId, deleted: true, score } satisfies DeleteChallengeResponse);
  };
}
