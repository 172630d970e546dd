import type { Database } from 'firebase-admin/database';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { ACTIVE_CHALLENGE_LIMIT_MESSAGE, MAX_ACTIVE_CHALLENGES } from '@domain/constants';
import { dbPaths } from '@domain/data/database-paths';
import { GROUP_MESSAGES, INVITE_TOKEN, type BoardRow } from '@domain/challenges/group-records';
import { memberUid } from './authenticate';
import { readActiveCount } from './challenge-records';
import { assessJoin, DISABLED_MESSAGE } from './group-join-route';
import { challengeParamsSchema, membersInJoinOrder, NOT_FOUND_MESSAGE } from './group-store';
import { HttpError, parseOrThrow } from './http-error';

export interface InvitationDependencies {
  database: Database;
  clock: () => number;
}

const querySchema = z.object({
  token: z.string().regex(INVITE_TOKEN, 'Not an invite token').optional(),
});

/**
 * The refusals that come before the token is checked (assessJoin), or that say it is wrong: with any of
 * them no member is listed. The others (full, the active limit) come after a good token.
 */
const UNLISTED_REFUSALS: ReadonlySet<string> = new Set([
  DISABLED_MESSAGE,
  GROUP_MESSAGES.hidden,
  GROUP_MESSAGES.ended,
  GROUP_MESSAGES.closed,
  GROUP_MESSAGES.badToken,
]);

/**
 * GET /api/challenges/:challengeId/invitation?token=…: what the join page shows: the challenge's
 * summary, its owner and members (names and avatars only, never body stats or targets: docs/security.md,
 * "Group challenges"), whether the caller has joined, and when they cannot join, why (`refusal`). The
 * member list needs a current token (or an open feed group), checked before anyone is listed, or
 * membership: a stale link or closed invitations show no one, and an ended group no one to anyone; a
 * hidden challenge is not found (404).
 * Reads only the caller's challenges that may be active (challenge-records.ts), never their history.
 */
export function previewInvitation({ database, clock }: InvitationDependencies): RequestHandler {
  return async (request, response) => {
    const uid = memberUid(response);
    const { challengeId } = parseOrThrow(challengeParamsSchema, request.params);
    const { token } = parseOrThrow(querySchema, request.query);
    const now = clock();
    const assessed = await assessJoin(database, { challengeId, uid, token, now });
    const { ownerId, challenge, joined } = assessed;
    if (challenge.moderation) throw new HttpError(404, NOT_FOUND_MESSAGE);
    let refusal = assessed.refusal?.message ?? null;
    // An ended group lists no one, whoever asks: its board stays with its members.
    const ended = assessed.endsAt !== undefined && now > assessed.endsAt;
    const listed = !ended && (joined || refusal === null || !UNLISTED_REFUSALS.has(refusal));
    if (!refusal && !joined && (await readActiveCount(database, uid, now)) >= MAX_ACTIVE_CHALLENGES)
      refusal = ACTIVE_CHALLENGE_LIMIT_MESSAGE;
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
