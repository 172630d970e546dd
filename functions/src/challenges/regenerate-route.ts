import type { Database } from 'firebase-admin/database';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import type { ChallengeRecord, MealRecord } from '@domain/challenges/challenge-record';
import { MEAL_SLOTS } from '@domain/constants';
import type { RegenerateResponse } from '@domain/api/challenges';
import { planMeals, planShortfalls, type FixedMeal, type MealPlan } from '../planner/meal-planner';
import { loadLpSolver } from '../planner/nutrition/lp-solver';
import { dayKey } from '@domain/challenges/meal-schedule';
import { memberUid } from '../http/authenticate';
import { DATABASE_KEY, dbPaths } from '@domain/data/database-paths';
import { HttpError, parseOrThrow } from '../http/http-error';
import { assertReplannable, takeReplan } from './replan-guard';
import { setFeedCover } from './feed-cover';
import type { MealPlanProvider } from '../planner/meal-plan-provider';

export interface RegenerateDependencies {
  database: Database;
  clock: () => number;
  planMeals: MealPlanProvider;
}

const paramsSchema = z.object({
  challengeId: z.string().regex(DATABASE_KEY, 'Not a challenge id'),
});

function provedMeals(challenge: ChallengeRecord): FixedMeal[] {
  const fixed: FixedMeal[] = [];
  for (let dayNumber = 1; dayNumber <= challenge.day; dayNumber++) {
    for (const slot of MEAL_SLOTS) {
      const meal = challenge.meals?.[dayKey(dayNumber)]?.[slot];
      if (meal?.status === 'Done')
        fixed.push({
          dayNumber,
          slot,
          name: meal.name,
          protein: meal.protein,
          calories: meal.calories,
          carbs: meal.carbs,
          fat: meal.fat,
          ...(meal.fibre === undefined ? {} : { fibre: meal.fibre }),
        });
    }
  }
  return fixed;
}

function provedSignature(challenge: ChallengeRecord): string {
  return provedMeals(challenge)
    .map((meal) => `${meal.dayNumber}.${meal.slot}`)
    .join(',');
}

/**
 * POST /api/challenges/:challengeId/regenerate: re-plans the caller's meals that are not yet proved,
 * keeping targets, windows and proofs. A transaction guards against a proof landing meanwhile.
 */
export function regenerateMeals({
  database,
  clock,
  planMeals: provider,
}: RegenerateDependencies): RequestHandler {
  return async (request, response) => {
    const uid = memberUid(response);
    const { challengeId } = parseOrThrow(paramsSchema, request.params);
    const challengeRef = database.ref(dbPaths.challenge(uid, challengeId));
    const now = clock();
    const current = assertReplannable(
      (await challengeRef.get()).val() as ChallengeRecord | null,
      now,
    );
    await takeReplan(database, 'regenerate', { uid, challengeId, now });

    const seed = `${challengeId}:${now}`;
    const planRequest = {
      targets: current.targets,
      days: current.day,
      preference: current.preference,
      seed,
    };
    const solve = await loadLpSolver();
    let plan: MealPlan = await provider({ ...planRequest, fixedMeals: provedMeals(current) });
    let planFor = provedSignature(current);
    let replanned = 0;

    const result = await challengeRef.transaction((stored: ChallengeRecord | null) => {
      // null can be an empty local cache; writing null over it makes the server answer with the real value.
      if (!stored) return stored;
      // Hidden by a moderator or deleted since the checks: nothing is written (docs/security.md, "Moderation races").
      if (stored.deleted === true || stored.moderation) return undefined;
      // A proof arrived since the plan was made: plan again around it (the built-in planner is instant).
      if (provedSignature(stored) !== planFor) {
        plan = planMeals({ ...planRequest, fixedMeals: provedMeals(stored) }, solve);
        planFor = provedSignature(stored);
      }
      replanned = 0;
      // Meals already proved are held as they are: a day they make impossible says which target and why.
      // (The database takes no undefined: an empty list is deleted.)
      const shortfalls = planShortfalls(plan);
      if (shortfalls) stored.shortfalls = shortfalls;
      else delete stored.shortfalls;
      for (let dayNumber = 1; dayNumber <= stored.day; dayNumber++) {
        const day = stored.meals?.[dayKey(dayNumber)];
        for (const slot of MEAL_SLOTS) {
          const meal: MealRecord | undefined = day?.[slot];
          const planned = plan[dayNumber - 1]?.[slot];
          if (!day || !meal || meal.status === 'Done' || !planned) continue;
          day[slot] = { ...meal, ...planned };
          replanned++;
        }
      }
      return stored;
    });
    const stored = result.snapshot.val() as ChallengeRecord | null;
    if (stored?.moderation && stored.deleted !== true)
      throw new HttpError(409, 'challenge-hidden', 'This challenge is hidden by a moderator');
    if (!result.committed || !stored || stored.deleted === true)
      throw new HttpError(404, 'not-found', 'Challenge not found');

    const cover = stored.meals?.[dayKey(1)]?.breakfast;
    if (cover && cover.status !== 'Done')
      await setFeedCover(database, { uid, challengeId, cover: cover.img });
    const unmet = Object.entries(stored.shortfalls ?? {}).map(([day, shortfalls]) => ({
      day,
      shortfalls,
    }));
    response.json({ challengeId, replanned, shortfalls: unmet } satisfies RegenerateResponse);
  };
}
