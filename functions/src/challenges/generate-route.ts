import type { Database } from 'firebase-admin/database';
import type { RequestHandler } from 'express';
import { addDays, calendarDateInZone } from '@domain/calendar-dates';
import {
  generateRequestSchema,
  type GenerateRequest,
} from '@domain/challenges/generate-request-schema';
import type { GenerateResponse } from '@domain/api/challenges';
import { planShortfalls } from '../planner/meal-planner';
import { hasWindowLeft } from '@domain/challenges/meal-schedule';
import type { PhotoSources } from '@domain/members/member-identity';
import { resolveMemberTimeZone, type MemberTimeZone } from '@domain/members/member-time-zone';
import { nutritionTargets } from '@domain/nutrition/nutrition-targets';
import { memberUid } from '../http/authenticate';
import {
  buildChallengeRecord,
  buildFeedEntry,
  challengeStart,
  type ChallengeStart,
} from './challenge-records';
import { ChallengeCreationLock } from './challenge-creation-lock';
import { checkedChallenges, zoneUpdate } from './challenge-limits';
import { dbPaths } from '@domain/data/database-paths';
import { HttpError, parseOrThrow } from '../http/http-error';
import type { MealPlanProvider } from '../planner/meal-plan-provider';
import { readChallengeCreator, readMemberTimeZone } from './profile-reader';
import { isMemberDisabled, sweepIfDisabled } from '../admin/disabled-member-sweep';
import { openGroup } from '../groups/group-store';

export interface GenerateDependencies {
  database: Database;
  clock: () => number;
  planMeals: MealPlanProvider;
  /** Where member photos may come from: a photo from elsewhere is not copied into the challenge. */
  photoSources: PhotoSources;
}

/**
 * Day 1 is today in the member's zone unless they chose tomorrow; a challenge must keep at least
 * one meal window open, or it would be over (and not count as active) as soon as it is created.
 */
function resolveStart(request: GenerateRequest, timeZone: string, now: number): ChallengeStart {
  const today = calendarDateInZone(now, timeZone);
  const startDate = request.startDate ?? today;
  if (startDate !== today && startDate !== addDays(today, 1)) {
    throw new HttpError(
      400,
      'invalid-request',
      `startDate: must be today or tomorrow in your time zone (${timeZone})`,
      {
        field: 'startDate',
      },
    );
  }
  const start = challengeStart(startDate, request.day, timeZone);
  if (!hasWindowLeft(start.schedule, now)) {
    throw new HttpError(
      422,
      'challenge-ended',
      `Every meal window of this challenge has already closed in your time zone (${timeZone}); start it tomorrow instead`,
      { field: 'startDate', timezone: timeZone },
    );
  }
  return start;
}

/** POST /api/generate (docs/product.md#challenge-generation). */
export function generateChallenge({
  database,
  clock,
  planMeals,
  photoSources,
}: GenerateDependencies): RequestHandler {
  return async (request, response) => {
    const uid = memberUid(response);
    const body = parseOrThrow(generateRequestSchema, request.body);
    if (body.user_id !== uid)
      throw new HttpError(403, 'forbidden', 'user_id does not match the signed-in member');
    const creator = await readChallengeCreator(database, uid, photoSources);
    const now = clock();
    // Fails fast before planning; under the lock the stored zone is authoritative.
    const provisionalStart = resolveStart(
      body,
      resolveMemberTimeZone(creator.timeZone, body.timezone, now).timeZone,
      now,
    );
    const targets = nutritionTargets(creator.profile, body.targetBody);
    const challengeId = database.ref(dbPaths.userChallenges(uid)).push().key!;
    const lock = new ChallengeCreationLock(database, uid, challengeId);
    // Every limit (the lock, the active limit, the daily cap) is checked before planning, so a refused
    // request costs no plan (with MEAL_PLANNER=gemini, no model call).
    await lock.acquire();
    let created = false;
    let zone: MemberTimeZone;
    try {
      await checkedChallenges(database, uid, now);
      const plan = await planMeals({
        targets,
        days: body.day,
        preference: body.preference,
        seed: challengeId,
      });
      // A long plan (a model's) may outlast the lease: hold the lock again and read the limits again.
      await lock.acquire();
      const [counts, storedZone, disabled] = await Promise.all([
        checkedChallenges(database, uid, now),
        readMemberTimeZone(database, uid),
        isMemberDisabled(database, uid),
      ]);
      // Disabled while planning: no challenge, and no feed entry (docs/security.md, "Moderation races").
      if (disabled) throw new HttpError(403, 'account-disabled', 'This account is disabled');
      zone = resolveMemberTimeZone(storedZone, body.timezone, now);
      // The same instant and zone give the same start: only a zone moved meanwhile is resolved again.
      const start =
        zone.timeZone === provisionalStart.timeZone
          ? provisionalStart
          : resolveStart(body, zone.timeZone, now);
      const challenge = buildChallengeRecord({
        request: body,
        member: creator.identity,
        start,
        targets,
        plan,
        createdAt: now,
      });
      const shortfalls = planShortfalls(plan);
      if (shortfalls) challenge.shortfalls = shortfalls;
      // Opened to others at creation: the group with the owner as member #1 and an invite link.
      const opened =
        body.access === 'link' || body.access === 'feed'
          ? openGroup({
              ownerId: uid,
              challengeId,
              challenge,
              access: body.access,
              grouped: false,
              now,
            })
          : undefined;
      if (opened) Object.assign(challenge, opened.owner);
      const feedEntry = buildFeedEntry(uid, challenge);
      await database.ref().update({
        [dbPaths.challenge(uid, challengeId)]: challenge,
        ...opened?.group,
        [dbPaths.feedEntry(challengeId)]: feedEntry,
        [`${dbPaths.userInfo(uid)}/activeChallenges`]: counts.activeChallenges + 1,
        [`${dbPaths.userInfo(uid)}/totalChallenges`]: counts.totalChallenges + 1,
        ...counts.planned(challengeId),
        ...zoneUpdate(uid, storedZone, zone),
        [lock.path]: null,
      });
      created = true;
    } finally {
      if (!created) await lock.release();
    }
    // Disabled between the check above and the write: the new entry leaves the feed at once.
    await sweepIfDisabled(database, uid);
    response.status(201).json({ challengeId, timezone: zone.timeZone } satisfies GenerateResponse);
  };
}
