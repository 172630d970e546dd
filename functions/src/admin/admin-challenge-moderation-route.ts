import type { Database } from 'firebase-admin/database';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import type { ChallengeRecord, FeedEntry } from '@domain/challenges/challenge-record';
import { type HiddenChallengeRow, type HiddenFeedRecord } from '@domain/site/moderation-records';
import { DATABASE_KEY, dbPaths } from '@domain/data/database-paths';
import type { PhotoSources } from '@domain/members/member-identity';
import {
  emptyRequestSchema,
  hideChallengeRequestSchema,
  type HiddenChallengesResponse,
  type HideChallengeResponse,
  type UnhideChallengeResponse,
} from '@domain/api/admin';
import { adminIdentity } from '../http/authenticate';
import { auditUpdate } from './admin-audit';
import { restoredFeedEntry } from './admin-feed-stash';
import { refreshGroupSummary } from '../groups/group-places';
import { HttpError, parseOrThrow } from '../http/http-error';

export interface ChallengeModerationDependencies {
  database: Database;
  clock: () => number;
  /** Where member photos may come from: a restored feed entry copies no photo from elsewhere. */
  photoSources: PhotoSources;
}

const paramsSchema = z.object({
  challengeId: z.string().regex(DATABASE_KEY, 'Not a challenge id'),
});

/** How many hidden challenges the admin list shows, newest first. */
export const HIDDEN_LIST_LIMIT = 50;

/**
 * POST /api/admin/challenges/:challengeId/hide {ownerId, reason?}: the feed entry moves to
 * moderation/hiddenFeed (so the feed and the owner's profile list, both feed queries, lose it for
 * everyone) and the challenge is marked, so its page can say a moderator hid it and why. Hiding a
 * hidden challenge runs the clean-up again (whatever a late write left at its feed key goes, a stub
 * included), keeps the first hiding's record and is audited like it (docs/security.md, "Moderation races").
 */
export function hideChallenge({
  database,
  clock,
}: ChallengeModerationDependencies): RequestHandler {
  return async (request, response) => {
    const admin = adminIdentity(response);
    const { challengeId } = parseOrThrow(paramsSchema, request.params);
    const { ownerId, reason } = parseOrThrow(hideChallengeRequestSchema, request.body ?? {});
    const [challengeSnapshot, feedSnapshot, hiddenSnapshot] = await Promise.all([
      database.ref(dbPaths.challenge(ownerId, challengeId)).get(),
      database.ref(dbPaths.feedEntry(challengeId)).get(),
      database.ref(dbPaths.hiddenFeedEntry(challengeId)).get(),
    ]);
    const challenge = challengeSnapshot.val() as ChallengeRecord | null;
    if (!challenge || challenge.deleted === true)
      throw new HttpError(
        404,
        'not-found',
        'No such challenge of this member (it may have been deleted)',
      );
    const hidden = hiddenSnapshot.val() as HiddenFeedRecord | null;
    const inFeed = feedSnapshot.val() as Partial<FeedEntry> | null;
    const now = clock();
    // The owner's entry, or a stub a late write left (no uid); never another member's entry.
    const ownersKey = inFeed !== null && (inFeed.uid === ownerId || typeof inFeed.uid !== 'string');
    const complete = inFeed?.uid === ownerId && typeof inFeed.title === 'string';
    const record: HiddenFeedRecord = {
      ...hidden,
      uid: ownerId,
      ...(complete && { entry: inFeed as FeedEntry }),
      byModerator: hidden?.byModerator ?? { at: now, by: admin.uid, reason },
    };
    const mark = challenge.moderation ?? { hiddenAt: now, reason };
    await database.ref().update({
      ...(ownersKey && { [dbPaths.feedEntry(challengeId)]: null }),
      [dbPaths.hiddenFeedEntry(challengeId)]: record,
      [dbPaths.challengeModeration(ownerId, challengeId)]: mark,
      ...auditUpdate(database, {
        at: now,
        action: 'hide-challenge',
        actor: admin,
        target: { uid: ownerId, challengeId, label: challenge.title },
        reason,
      }),
    });
    response.json({
      challengeId,
      hidden: true,
      again: hidden?.byModerator !== undefined,
    } satisfies HideChallengeResponse);
  };
}

/**
 * POST /api/admin/challenges/:challengeId/unhide: the mark goes, and the entry returns to the feed
 * unless the owner is disabled (it then returns when they are enabled) or deleted it meanwhile.
 */
export function unhideChallenge({
  database,
  clock,
  photoSources,
}: ChallengeModerationDependencies): RequestHandler {
  return async (request, response) => {
    const admin = adminIdentity(response);
    const { challengeId } = parseOrThrow(paramsSchema, request.params);
    parseOrThrow(emptyRequestSchema, request.body ?? {});
    const hidden = (
      await database.ref(dbPaths.hiddenFeedEntry(challengeId)).get()
    ).val() as HiddenFeedRecord | null;
    if (!hidden?.byModerator) throw new HttpError(409, 'conflict', 'This challenge is not hidden');
    const restored = hidden.byDisabledMember
      ? null
      : await restoredFeedEntry(database, challengeId, hidden, photoSources);
    const title = (
      await database.ref(`${dbPaths.challenge(hidden.uid, challengeId)}/title`).get()
    ).val() as string | null;
    // Hidden for its disabled owner still: kept without the moderator's part.
    const stillHidden: HiddenFeedRecord = {
      uid: hidden.uid,
      ...(hidden.entry && { entry: hidden.entry }),
      byDisabledMember: true,
    };
    await database.ref().update({
      [dbPaths.hiddenFeedEntry(challengeId)]: hidden.byDisabledMember ? stillHidden : null,
      ...(restored && { [dbPaths.feedEntry(challengeId)]: restored }),
      [dbPaths.challengeModeration(hidden.uid, challengeId)]: null,
      ...auditUpdate(database, {
        at: clock(),
        action: 'unhide-challenge',
        actor: admin,
        target: { uid: hidden.uid, challengeId, label: title ?? challengeId },
        reason: '',
      }),
    });
    // A group's card gets its current member count and avatars (they may have changed while hidden).
    if (restored) await refreshGroupSummary(database, hidden.uid, challengeId);
    response.json({
      challengeId,
      hidden: false,
      inFeed: restored !== null,
    } satisfies UnhideChallengeResponse);
  };
}

/** GET /api/admin/challenges/hidden: the challenges moderators hid, newest first. */
export function listHiddenChallenges({
  database,
}: ChallengeModerationDependencies): RequestHandler {
  return async (_request, response) => {
    const snapshot = await database
      .ref(dbPaths.hiddenFeed)
      .orderByChild('byModerator/at')
      .startAt(0)
      .limitToLast(HIDDEN_LIST_LIMIT)
      .get();
    const rows: HiddenChallengeRow[] = [];
    snapshot.forEach((child) => {
      const hidden = child.val() as HiddenFeedRecord;
      if (!hidden.byModerator) return;
      rows.push({
        challengeId: child.key!,
        uid: hidden.uid,
        title: hidden.entry?.title ?? '',
        displayName: hidden.entry?.displayName ?? '',
        hiddenAt: hidden.byModerator.at,
        reason: hidden.byModerator.reason,
      });
    });
    response.json({ challenges: rows.reverse() } satisfies HiddenChallengesResponse);
  };
}
