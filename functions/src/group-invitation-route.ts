import type { Database } from 'firebase-admin/database';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { countChallenges } from '@domain/challenges/challenge-activity';
import type { ChallengeRecord } from '@domain/challenges/challenge-record';
import { ACTIVE_CHALLENGE_LIMIT_MESSAGE, MAX_ACTIVE_CHALLENGES } from '@domain/constants';
import { dbPaths } from '@domain/data/database-paths';
import { GROUP_MESSAGES, INVITE_TOKEN, type BoardRow } from '@domain/challenges/group-records';
import { memberUid } from './authenticate';
import { assessJoin } from './group-join-route';
import { challengeParamsSchema, membersInJoinOrder } from './group-store';
import { parseOrThrow } from './http-error';

export interface InvitationDependencies {
  database: Database;
  clock: () => number;
}

const querySchema = z.object({
  token: z.string().regex(INVITE_TOKEN, 'Not an invite token').optional(),
});

async function activeChallenges(database: Database, uid: string, now: number): Promise<number> {
  const stored = (await database.ref(dbPaths.userChallenges(uid)).get()).val() ?? {};
  return countChallenges(Object.values(stored as Record<string, ChallengeRecord>), now)
    .activeChallenges;
}

/**
 * GET /api/challenges/:challengeId/invitation?token=…: what the join page shows: the challenge's
 * summary, its owner and members (names and avatars only, never body stats or targets: docs/security.md,
 * "Group challenges"), whether the caller has joined, and when they cannot join, why (`refusal`). The
 * member list needs a current token (or a feed group, or membership): a stale link shows no one.
 */
export function previewInvitation({ database, clock }: InvitationDependencies): RequestHandler {
  return async (request, response) => {
    const uid = memberUid(response);
    const { challengeId } = parseOrThrow(challengeParamsSchema, request.params);
    const { token } = parseOrThrow(querySchema, request.query);
    const now = clock();
    const assessed = await assessJoin(database, { challengeId, uid, token, now });
    const { ownerId, challenge, joined } = assessed;
    let refusal = assessed.refusal?.message ?? null;
    if (
      !refusal &&
      !joined &&
      (await activeChallenges(database, uid, now)) >= MAX_ACTIVE_CHALLENGES
    )
      refusal = ACTIVE_CHALLENGE_LIMIT_MESSAGE;
    const listed =
      joined ||
      (refusal !== GROUP_MESSAGES.badToken &&
        refusal !== GROUP_MESSAGES.closed &&
        refusal !== GROUP_MESSAGES.hidden);
    const rows = listed
      ? ((await database.ref(dbPaths.groupMembers(challengeId)).get()).val() ?? {})
      : {};
    const members = membersInJoinOrder(rows as Record<string, BoardRow>, ownerId).map(
      ([memberId, row]) => ({
        uid: memberId,
        displayName: row.displayName,
        photoURL: row.photoURL,
      }),
    );
    response.json({
      challengeId,
      title: challenge.title,
      owner: { uid: ownerId, displayName: challenge.displayName, photoURL: challenge.photoURL },
      day: challenge.day,
      startDate: challenge.startDate,
      preference: challenge.preference,
      targetBody: challenge.targetBody,
      access: challenge.access ?? 'solo',
      members,
      memberCount: assessed.memberCount,
      joined,
      joinable: !joined && refusal === null,
      refusal,
    });
  };
}
