import type {
  ChallengeRecord,
  DayMeals,
  FeedEntry,
  MealRecord,
} from '@domain/challenges/challenge-record';
import { MEAL_SLOTS } from '@domain/constants';
import type { GenerateRequest } from '@domain/challenges/generate-request-schema';
import type { MealPlan } from './planner/meal-planner';
import { challengeSchedule, dayKey, type DayWindows } from '@domain/challenges/meal-schedule';
import type { NutritionTargets } from '@domain/nutrition/nutrition-targets';

/** The member's own public name and photo, from users/{uid}/info. */
export interface MemberIdentity {
  displayName: string;
  photoURL: string;
}

/** When a challenge starts and its meal windows, in the member's zone kept by the server (never the request's). */
export interface ChallengeStart {
  startDate: string;
  timeZone: string;
  schedule: readonly DayWindows[];
}

/** How many schedules challengeStart keeps: a group's joiners share their owner's dates and mostly a zone. */
const SCHEDULES_KEPT = 256;
const schedules = new Map<string, readonly DayWindows[]>();

/**
 * The windows depend on the dates and the zone alone, and working them out in a zone is ~3 ms of a
 * join's CPU (docs/performance.md, "Group challenges"): each is worked out once and kept, frozen (the
 * records copy the windows' fields), the oldest dropped past SCHEDULES_KEPT.
 */
function scheduleOf(startDate: string, days: number, timeZone: string): readonly DayWindows[] {
  const key = `${startDate}|${days}|${timeZone}`;
  let schedule = schedules.get(key);
  if (!schedule) {
    schedule = Object.freeze(
      challengeSchedule(startDate, days, timeZone).map((windows) => {
        for (const window of Object.values(windows)) Object.freeze(window);
        return Object.freeze(windows);
      }),
    );
    if (schedules.size >= SCHEDULES_KEPT) schedules.delete(schedules.keys().next().value!);
    schedules.set(key, schedule);
  }
  return schedule;
}

export function challengeStart(startDate: string, days: number, timeZone: string): ChallengeStart {
  return { startDate, timeZone, schedule: scheduleOf(startDate, days, timeZone) };
}

export interface NewChallenge {
  /** What the plan is for: the creator's request, or for a joined plan the owner's challenge and the joiner's goal. */
  request: GenerateRequest | Pick<GenerateRequest, 'title' | 'day' | 'preference' | 'targetBody'>;
  member: MemberIdentity;
  start: ChallengeStart;
  targets: NutritionTargets;
  plan: MealPlan;
  createdAt: number;
}

/** The stored challenge: the product's fields plus the schedule, targets and per-meal windows of docs/architecture.md#data-model-and-access. */
export function buildChallengeRecord({
  request,
  member,
  start: { startDate, timeZone, schedule },
  targets,
  plan,
  createdAt,
}: NewChallenge): ChallengeRecord {
  if (schedule.length !== request.day)
    throw new Error(`The schedule has ${schedule.length} days, the request ${request.day}`);
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
    displayName: member.displayName,
    photoURL: member.photoURL,
    createdAt,
    deleted: false,
    isActive: true,
    startDate,
    timezone: timeZone,
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
    // A group's summary (docs/product.md, "Group challenges"): the owner alone at creation.
    ...((challenge.access === 'link' || challenge.access === 'feed') && {
      access: challenge.access,
      memberCount: challenge.memberCount ?? 1,
      memberPhotos: challenge.memberPhotos ?? [
        { displayName: challenge.displayName, photoURL: challenge.photoURL },
      ],
    }),
  };
}
