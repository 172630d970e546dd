import type { Database } from 'firebase-admin/database';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import type { ChallengeRecord, MealRecord } from '@domain/challenges/challenge-record';
import { CHALLENGE_DAYS, MEAL_SLOTS } from '@domain/constants';
import type { SwapResponse } from '@domain/api/challenges';
import { swapMeal, type PlacedMeal, type SwappedMeal } from '../planner/meal-planner';
import { loadLpSolver } from '../planner/nutrition/lp-solver';
import { dayKey } from '@domain/challenges/meal-schedule';
import { memberUid } from '../http/authenticate';
import { DATABASE_KEY, dbPaths } from '@domain/data/database-paths';
import { HttpError, parseOrThrow } from '../http/http-error';
import { assertReplannable, takeReplan } from './replan-guard';
import { setFeedCover } from './feed-cover';

export interface SwapDependencies {
  database: Database;
  clock: () => number;
}

const paramsSchema = z.object({
  challengeId: z.string().regex(DATABASE_KEY, 'Not a challenge id'),
  day: z.coerce.number().int().min(CHALLENGE_DAYS.min).max(CHALLENGE_DAYS.max),
  slot: z.enum(MEAL_SLOTS),
});

function placedMeals(challenge: ChallengeRecord): PlacedMeal[] {
  const placed: PlacedMeal[] = [];
  for (let dayNumber = 1; dayNumber <= challenge.day; dayNumber++)
    for (const slot of MEAL_SLOTS) {
      const meal = challenge.meals?.[dayKey(dayNumber)]?.[slot];
      if (meal)
        placed.push({
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
  return placed;
}

/** Why a meal cannot be swapped, or undefined when it can. */
function refusal(meal: MealRecord | undefined, now: number): HttpError | undefined {
  if (!meal) return new HttpError(404, 'not-found', 'Meal not found');
  if (meal.status === 'Done')
    return new HttpError(409, 'already-proved', 'This meal is already proved');
  if (meal.closesAt <= now)
    return new HttpError(409, 'window-closed', "This meal's window has closed");
  return undefined;
}

/**
 * POST /api/challenges/:challengeId/days/:day/meals/:slot/swap: another dish for one meal not yet proved,
 * keeping the day within its targets and the diet. A transaction guards against a proof landing meanwhile.
 */
export function swapOneMeal({ database, clock }: SwapDependencies): RequestHandler {
  return async (request, response) => {
    const uid = memberUid(response);
    const { challengeId, day, slot } = parseOrThrow(paramsSchema, request.params);
    const challengeRef = database.ref(dbPaths.challenge(uid, challengeId));
    const now = clock();
    const current = assertReplannable(
      (await challengeRef.get()).val() as ChallengeRecord | null,
      now,
    );
    if (day > current.day) throw new HttpError(404, 'not-found', 'Challenge not found');
    const refused = refusal(current.meals?.[dayKey(day)]?.[slot], now);
    if (refused) throw refused;
    await takeReplan(database, 'swap', { uid, challengeId, now });

    const solve = await loadLpSolver();
    const swap = (challenge: ChallengeRecord): SwappedMeal =>
      swapMeal(
        {
          targets: challenge.targets,
          preference: challenge.preference,
          seed: `${challengeId}:${now}`,
        },
        { dayNumber: day, slot },
        placedMeals(challenge),
        solve,
      );
    let planned = swap(current);
    let error: HttpError | undefined;
    const result = await challengeRef.transaction((stored: ChallengeRecord | null) => {
      error = undefined;
      // null can be an empty local cache; writing null over it makes the server answer with the real value.
      if (!stored) return stored;
      // Hidden by a moderator or deleted since the checks: nothing is written (docs/security.md, "Moderation races").
      if (stored.deleted === true || stored.moderation) return undefined;
      const meal = stored.meals?.[dayKey(day)]?.[slot];
      error = refusal(meal, now);
      if (error || !meal) return undefined;
      if (JSON.stringify(placedMeals(stored)) !== JSON.stringify(placedMeals(current)))
        planned = swap(stored);
      stored.meals[dayKey(day)][slot] = { ...meal, ...planned.meal };
      // The day's other meals are held as they are: when they make a bound impossible, the day says so.
      const shortfalls = { ...stored.shortfalls };
      if (planned.shortfalls) shortfalls[dayKey(day)] = planned.shortfalls;
      else delete shortfalls[dayKey(day)];
      // (The database takes no undefined: an empty list is deleted.)
      if (Object.keys(shortfalls).length) stored.shortfalls = shortfalls;
      else delete stored.shortfalls;
      return stored;
    });
    if (error) throw error;
    const stored = result.snapshot.val() as ChallengeRecord | null;
    if (stored?.moderation && stored.deleted !== true)
      throw new HttpError(409, 'challenge-hidden', 'This challenge is hidden by a moderator');
    if (!result.committed || !stored || stored.deleted === true)
      throw new HttpError(404, 'not-found', 'Challenge not found');

    if (day === 1 && slot === 'breakfast')
      await setFeedCover(database, { uid, challengeId, cover: planned.meal.img });
    response.json({
      challengeId,
      day,
      slot,
      name: planned.meal.name,
      calories: planned.meal.calories,
      shortfalls: planned.shortfalls ?? [],
    } satisfies SwapResponse);
  };
}
