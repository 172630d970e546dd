import type {
  ChallengeRecord,
  DayMeals,
  FeedEntry,
  MealRecord,
} from '../../src/domain/challenge-record';
import { MEAL_SLOTS } from '../../src/domain/constants';
import type { GenerateRequest } from '../../src/domain/generate-request-schema';
import type { MealPlan } from '../../src/domain/meal-planner';
import { challengeSchedule, dayKey } from '../../src/domain/meal-schedule';
import type { NutritionTargets } from '../../src/domain/nutrition-targets';

export interface NewChallenge {
  request: GenerateRequest;
  startDate: string;
  targets: NutritionTargets;
  plan: MealPlan;
  createdAt: number;
}

/** The stored challenge: the product's fields plus the schedule, targets and per-meal windows of docs/architecture.md#data-model-and-access. */
export function buildChallengeRecord({
  request,
  startDate,
  targets,
  plan,
  createdAt,
}: NewChallenge): ChallengeRecord {
  const schedule = challengeSchedule(startDate, request.day, request.timezone);
  const meals: Record<string, DayMeals> = {};
  schedule.forEach((windows, index) => {
    const day: DayMeals = {};
    for (const slot of MEAL_SLOTS) {
      const planned = plan[index]?.[slot];
      if (!planned) throw new Error(`The plan has no ${slot} on day ${index + 1}`);
      const meal: MealRecord = { ...planned, status: 'Pending', ...windows[slot] };
      day[slot] = meal;
    }
    meals[dayKey(index + 1)] = day;
  });
  return {
    title: request.title,
    day: request.day,
    preference: request.preference,
    targetBody: request.targetBody,
    displayName: request.displayName,
    photoURL: request.photoURL,
    createdAt,
    deleted: false,
    isActive: true,
    startDate,
    timezone: request.timezone,
    targets,
    meals,
  };
}

export function buildFeedEntry(uid: string, challenge: ChallengeRecord): FeedEntry {
  return {
    uid,
    title: challenge.title,
    day: challenge.day,
    preference: challenge.preference,
    targetBody: challenge.targetBody,
    displayName: challenge.displayName,
    photoURL: challenge.photoURL,
    cover: challenge.meals[dayKey(1)]?.breakfast?.img ?? '',
    createdAt: challenge.createdAt,
  };
}
