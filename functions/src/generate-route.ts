import type { Database } from 'firebase-admin/database';
import type { RequestHandler } from 'express';
import { addDays, calendarDateInZone } from '../../src/domain/calendar-dates';
import { countChallenges } from '../../src/domain/challenge-activity';
import type { ChallengeRecord } from '../../src/domain/challenge-record';
import { ACTIVE_CHALLENGE_LIMIT_MESSAGE, MAX_ACTIVE_CHALLENGES } from '../../src/domain/constants';
import {
  generateRequestSchema,
  type GenerateRequest,
} from '../../src/domain/generate-request-schema';
import { nutritionTargets } from '../../src/domain/nutrition-targets';
import { memberUid } from './authenticate';
import { buildChallengeRecord, buildFeedEntry } from './challenge-records';
import { ChallengeCreationLock } from './challenge-creation-lock';
import { dbPaths } from '../../src/domain/database-paths';
import { HttpError, parseOrThrow } from './http-error';
import type { MealPlanProvider } from './meal-plan-provider';
import { readCompleteProfile } from './profile-reader';

export interface GenerateDependencies {
  database: Database;
  clock: () => number;
  planMeals: MealPlanProvider;
}

/** Day 1 is today in the member's zone unless they chose tomorrow. */
function resolveStartDate(request: GenerateRequest, now: number): string {
  const today = calendarDateInZone(now, request.timezone);
  if (request.startDate === undefined) return today;
  if (request.startDate !== today && request.startDate !== addDays(today, 1)) {
    throw new HttpError(400, 'startDate: must be today or tomorrow in your time zone', {
      field: 'startDate',
    });
  }
  return request.startDate;
}

/** POST /api/generate (docs/product.md#challenge-generation). */
export function generateChallenge({
  database,
  clock,
  planMeals,
}: GenerateDependencies): RequestHandler {
  return async (request, response) => {
    const uid = memberUid(response);
    const body = parseOrThrow(generateRequestSchema, request.body);
    if (body.user_id !== uid)
      throw new HttpError(403, 'user_id does not match the signed-in member');
    const profile = await readCompleteProfile(database, uid);
    const now = clock();
    const startDate = resolveStartDate(body, now);
    const targets = nutritionTargets(profile, body.targetBody);
    const challengeId = database.ref(dbPaths.userChallenges(uid)).push().key!;
    const plan = await planMeals({
      targets,
      days: body.day,
      preference: body.preference,
      seed: challengeId,
    });
    const challenge = buildChallengeRecord({
      request: body,
      startDate,
      targets,
      plan,
      createdAt: now,
    });

    const lock = new ChallengeCreationLock(database, uid, challengeId);
    await lock.acquire();
    let created = false;
    try {
      const existing = (await database.ref(dbPaths.userChallenges(uid)).get()).val() as Record<
        string,
        ChallengeRecord
      > | null;
      const counts = countChallenges(Object.values(existing ?? {}), now);
      if (counts.activeChallenges >= MAX_ACTIVE_CHALLENGES)
        throw new HttpError(409, ACTIVE_CHALLENGE_LIMIT_MESSAGE);
      await database.ref().update({
        [dbPaths.challenge(uid, challengeId)]: challenge,
        [dbPaths.feedEntry(challengeId)]: buildFeedEntry(uid, challenge),
        [`${dbPaths.userInfo(uid)}/activeChallenges`]: counts.activeChallenges + 1,
        [`${dbPaths.userInfo(uid)}/totalChallenges`]: counts.totalChallenges + 1,
        [lock.path]: null,
      });
      created = true;
    } finally {
      if (!created) await lock.release();
    }
    response.status(201).json({ challengeId });
  };
}
