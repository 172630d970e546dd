import type { Database } from 'firebase-admin/database';
import type { Request, RequestHandler } from 'express';
import { ACTIVE_CHALLENGE_LIMIT_MESSAGE, MAX_ACTIVE_CHALLENGES } from '@domain/constants';
import { dbPaths } from '@domain/data/database-paths';
import { GROUP_MESSAGES, type BoardRow } from '@domain/challenges/group-records';
import { invitationQuerySchema, type Invitation, type InvitationPreview } from '@domain/api/groups';
import { memberUid } from '../http/authenticate';
import { readActiveCount } from '../challenges/challenge-records';
import { assessJoin, DISABLED_MESSAGE, sameToken } from './join-assessment';
import { challengeParamsSchema, NOT_FOUND_MESSAGE, readChallengeSettings } from './group-store';
import { membersInJoinOrder } from './group-places';
import { HttpError, parseOrThrow } from '../http/http-error';
import type { Throttle } from '../http/rate-limit';

export interface InvitationDependencies {
  database: Database;
  clock: () => number;
}

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
    if (response.locals.uid === undefined) {
      response.json(await visitorPreview(database, request, clock()));
      return;
    }
    const uid = memberUid(response);
    const { challengeId } = parseOrThrow(challengeParamsSchema, request.params);
    const { token } = parseOrThrow(invitationQuerySchema, request.query);
    const now = clock();
    const assessed = await assessJoin(database, { challengeId, uid, token, now });
    const { ownerId, challenge, joined } = assessed;
    if (challenge.moderation) throw new HttpError(404, 'not-found', NOT_FOUND_MESSAGE);
    let refusal = assessed.refusal?.message ?? null;
    // An ended group lists no one, whoever asks: its board stays with its members.
    const ended = assessed.endsAt !== undefined && now > assessed.endsAt;
    const listed = !ended && (joined || refusal === null || !UNLISTED_REFUSALS.has(refusal));
    if (!refusal && !joined && (await readActiveCount(database, uid, now)) >= MAX_ACTIVE_CHALLENGES)
      refusal = ACTIVE_CHALLENGE_LIMIT_MESSAGE;
    const members = listed ? await listMembers(database, challengeId, ownerId) : [];
    response.json({
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
    } satisfies Invitation);
  };
}

/** The members' names and avatars in join order, owner first: all anyone but a member sees of them. */
async function listMembers(database: Database, challengeId: string, ownerId: string) {
  const rows = (await database.ref(dbPaths.groupMembers(challengeId)).get()).val() ?? {};
  return membersInJoinOrder(rows as Record<string, BoardRow>, ownerId).map(([memberId, row]) => ({
    uid: memberId,
    displayName: row.displayName,
    photoURL: row.photoURL,
  }));
}

/** The invite's current token was given. */
function isCurrentToken(given: string | undefined, kept: string | undefined): boolean {
  return given !== undefined && kept !== undefined && sameToken(given, kept);
}

/**
 * The preview for a visitor without an account (docs/security.md, "Group challenges"): the summary a
 * member sees, with members listed only for the invite's current token while invitations are open and
 * the group runs (a visitor needs the token even for a feed group). Nothing a member's answer adds
 * (whether they joined, why they may not) and nothing private; a hidden challenge is not found.
 */
async function visitorPreview(
  database: Database,
  request: Request,
  now: number,
): Promise<InvitationPreview> {
  const { challengeId } = parseOrThrow(challengeParamsSchema, request.params);
  const { token } = parseOrThrow(invitationQuerySchema, request.query);
  const [settings, count] = await Promise.all([
    readChallengeSettings(database, challengeId),
    database.ref(dbPaths.groupMemberCount(challengeId)).get(),
  ]);
  const { ownerId, challenge, endsAt, grouped } = settings;
  if (challenge.moderation) throw new HttpError(404, 'not-found', NOT_FOUND_MESSAGE);
  const invite = challenge.invite;
  const listed =
    grouped &&
    !(endsAt !== undefined && now > endsAt) &&
    (challenge.access === 'link' || challenge.access === 'feed') &&
    invite?.open === true &&
    isCurrentToken(token, invite.token);
  const members = listed ? await listMembers(database, challengeId, ownerId) : [];
  return {
    title: challenge.title,
    owner: { displayName: challenge.displayName, photoURL: challenge.photoURL },
    day: challenge.day,
    startDate: challenge.startDate,
    preference: challenge.preference,
    targetBody: challenge.targetBody,
    memberCount: typeof count.val() === 'number' ? (count.val() as number) : 1,
    members: members.map(({ displayName, photoURL }) => ({ displayName, photoURL })),
  };
}

/**
 * A member's request (one with an ID token) goes through `member` (the group routes' throttle and
 * sign-in); a visitor's through `throttle`, keyed by their address (request.ip, behind the one proxy
 * app.ts trusts).
 */
export function memberOrVisitor(member: RequestHandler, throttle: Throttle): RequestHandler {
  return async (request, response, next) => {
    if (request.headers.authorization !== undefined) return member(request, response, next);
    const retryAfterMs = await throttle(`visitor:${request.ip ?? 'unknown'}`);
    if (retryAfterMs !== undefined) {
      response.setHeader('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
      throw new HttpError(429, 'rate-limited', 'Too many requests, please try again later');
    }
    next();
  };
}
