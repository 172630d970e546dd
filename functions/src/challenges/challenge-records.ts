import type { Database } from 'firebase-admin/database';
import { countChallenges } from '@domain/challenges/challenge-activity';
import type {
  ChallengeRecord,
  DayMeals,
  FeedEntry,
  MealRecord,
} from '@domain/challenges/challenge-record';
import { CHALLENGE_DAYS, MEAL_SLOTS } from '@domain/constants';
import { dbPaths } from '@domain/data/database-paths';
import { pushKeyPrefix } from '@domain/data/push-key';
import type { GenerateRequest } from '@domain/challenges/generate-request-schema';
import type { MealPlan } from '../planner/meal-planner';
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

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long after it was made a challenge may still be active: it starts today or tomorrow (a joined
 * plan on its owner's date, set before the join), runs at most CHALLENGE_DAYS.max days, in a zone up
 * to a day from UTC.
 */
export const ACTIVE_REACH_MS = (CHALLENGE_DAYS.max + 3) * DAY_MS;

/**
 * The member's challenges made within ACTIVE_REACH_MS: every one that may still be active, a few at
 * most under the daily cap, never the member's whole history (docs/security.md, "Bounded reads").
 * Challenge ids are push keys minted by the server when the plan is made, so the ids from the cutoff's
 * key prefix on are the recent ones: a key range, cheaper than a query on createdAt.
 */
export async function readRecentChallenges(
  database: Database,
  uid: string,
  now: number,
): Promise<Record<string, ChallengeRecord>> {
  const recent = await database
    .ref(dbPaths.userChallenges(uid))
    .orderByKey()
    .startAt(pushKeyPrefix(now - ACTIVE_REACH_MS))
    .get();
  return (recent.val() ?? {}) as Record<string, ChallengeRecord>;
}

/** The member's active challenges, those named in `without` left out (a plan about to go). */
export async function readActiveCount(
  database: Database,
  uid: string,
  now: number,
  without: readonly string[] = [],
): Promise<number> {
  const recent = await readRecentChallenges(database, uid, now);
  for (const challengeId of without) delete recent[challengeId];
  return countChallenges(Object.values(recent), now).activeChallenges;
}

/** One entry of the plans log (dbPaths.plansMade): a plan made, by a push key of its own. */
export interface PlanMade {
  at: number;
  challengeId: string;
}

function isPlanMade(value: unknown): value is PlanMade {
  const entry = value as Partial<PlanMade> | null;
  return typeof entry?.at === 'number' && typeof entry.challengeId === 'string';
}

/**
 * Every plan the member made (created or joined) in the last 24 hours, oldest first: each entry of the
 * server-only log (one per plan made, kept whatever becomes of the plan: the same group joined twice
 * counts twice) and, for plans made before the log existed, their challenges made in that day that
 * the log does not name.
 */
export function plansInLastDay(
  log: Record<string, unknown>,
  recent: Record<string, Pick<ChallengeRecord, 'createdAt'>>,
  now: number,
): number[] {
  const entries = Object.values(log).filter(isPlanMade);
  const logged = new Set(entries.map(({ at, challengeId }) => `${at}_${challengeId}`));
  const times = entries.map(({ at }) => at);
  for (const [challengeId, { createdAt }] of Object.entries(recent))
    if (typeof createdAt === 'number' && !logged.has(`${createdAt}_${challengeId}`))
      times.push(createdAt);
  return times.filter((at) => at > now - DAY_MS && at <= now).sort((a, b) => a - b);
}

/** The log's entry for a plan made now (under `key`, a push key), and the removal of entries over a day old. */
export function planLogUpdate(
  uid: string,
  log: Record<string, unknown>,
  { key, challengeId, now }: { key: string; challengeId: string; now: number },
): Record<string, unknown> {
  const path = dbPaths.plansMade(uid);
  const made: PlanMade = { at: now, challengeId };
  const update: Record<string, unknown> = { [`${path}/${key}`]: made };
  for (const [old, entry] of Object.entries(log))
    if (!isPlanMade(entry) || entry.at <= now - DAY_MS) update[`${path}/${old}`] = null;
  return update;
}
