import { addDays, calendarDateInZone, type CalendarDate } from './calendar-dates';
import { challengeEndsAt, isActiveUntil, type ChallengeCounts } from './challenge-activity';
import type { ChallengeRecord } from './challenge-record';
import { MEAL_SLOTS } from './constants';
import { dayKey } from './meal-schedule';
import { challengeDays, streakFromDays, type ActivityDays, type ChallengeDay } from './meal-streak';
import { computeScore, provedInWindow, type Score } from './points';

/** How many days the profile's calendar covers: the last 12 weeks, today included. */
export const GLANCE_DAYS = 84;
/** The calendar shades a day by meals proved, 0 to this many. */
export const GLANCE_MAX_MEALS_A_DAY = MEAL_SLOTS.length;

/**
 * users/{uid}/info streak fields, written by the server with the score (docs/product.md, "Streaks").
 * lastStreakBreak* are null (absent in the database) until a streak of at least a day ended short.
 */
export interface MemberStreakFields {
  currentStreak: number;
  bestStreak: number;
  streakFreezes: number;
  lastStreakBreakDays: number | null;
  /** 'YYYY-MM-DD', the date that ended short. */
  lastStreakBreakOn: CalendarDate | null;
}

/**
 * users/{uid}/glance, written by the server with the score, read by signed-in members
 * (docs/product.md, "Profile at a glance"). The database drops an empty `days`: read it as {}.
 */
export interface MemberGlance {
  challengesCompleted: number;
  mealsProved: number;
  mealsPlanned: number;
  /** The last GLANCE_DAYS dates (member's zone) that belong to a challenge: meals proved, 0-3. */
  days: Record<CalendarDate, number>;
}

/**
 * What one challenge contributes to its member's totals, derived from the record as its proofs
 * hold (functions/src/proof-verification.ts). The server keeps it per challenge
 * (dbPaths.challengeProgress) so that a recompute redoes only the challenges that can change.
 */
export interface ChallengeProgress {
  deleted: boolean;
  isActive: boolean;
  /** When the challenge's last meal window closes (0 when it has no meals). */
  endsAt: number;
  /** Points per ISO week / month; a period that only unverified proofs claimed is listed with 0. */
  weekly: Record<string, number>;
  monthly: Record<string, number>;
  total: number;
  /** The challenge's streak days by date (its zone): see challengeDays. */
  days: Record<CalendarDate, ChallengeDay>;
  mealsProved: number;
  /** Meals whose window closed by `now`, or which were proved; first-day meals closed before creation excepted. */
  mealsPlanned: number;
}

/**
 * One challenge's progress. `claimed` is the record as stored (its Done meals as the client wrote
 * them), `verified` the same record as its proofs hold: periods that claimed proofs touched are
 * listed with 0 so that a recompute clears what unverified proofs once earned.
 */
export function challengeProgress(
  claimed: ChallengeRecord,
  verified: ChallengeRecord,
  now: number,
): ChallengeProgress {
  const deleted = verified.deleted === true;
  const score = computeScore([verified]);
  const claimedScore = computeScore([claimed]);
  for (const week of Object.keys(claimedScore.weekly)) score.weekly[week] ??= 0;
  for (const month of Object.keys(claimedScore.monthly)) score.monthly[month] ??= 0;
  let mealsProved = 0;
  let mealsPlanned = 0;
  if (!deleted) {
    for (let dayNumber = 1; dayNumber <= verified.day; dayNumber++) {
      for (const slot of MEAL_SLOTS) {
        const meal = verified.meals?.[dayKey(dayNumber)]?.[slot];
        if (!meal) continue;
        const proved = provedInWindow(meal);
        if (proved) mealsProved++;
        // A meal whose window had closed before the challenge was created could never be proved.
        if (proved || (meal.closesAt > verified.createdAt && meal.closesAt < now)) mealsPlanned++;
      }
    }
  }
  return {
    deleted,
    isActive: verified.isActive !== false,
    endsAt: challengeEndsAt(verified) ?? 0,
    weekly: score.weekly,
    monthly: score.monthly,
    total: score.total,
    days: Object.fromEntries(challengeDays(verified)),
    mealsProved,
    mealsPlanned,
  };
}

/** Whether nothing in the challenge can change any more but its deletion: every window has closed. */
export function isChallengeSettled(progress: Pick<ChallengeProgress, 'endsAt'>, now: number) {
  return progress.endsAt > 0 && now > progress.endsAt;
}

export interface MemberProgress {
  score: Score;
  counts: ChallengeCounts;
  streak: MemberStreakFields;
  glance: MemberGlance;
}

/** A member's score, counters, streak and glance, summed from their challenges' progress. */
export function memberProgress(
  challenges: Iterable<ChallengeProgress>,
  now: number,
  timeZone: string,
): MemberProgress {
  const score: Score = { total: 0, weekly: {}, monthly: {} };
  const counts: ChallengeCounts = { activeChallenges: 0, totalChallenges: 0 };
  const glance: MemberGlance = {
    challengesCompleted: 0,
    mealsProved: 0,
    mealsPlanned: 0,
    days: {},
  };
  const activity: ActivityDays = {};
  let index = 0;
  for (const challenge of challenges) {
    const id = String(index++);
    score.total += challenge.total;
    for (const [week, points] of Object.entries(challenge.weekly))
      score.weekly[week] = (score.weekly[week] ?? 0) + points;
    for (const [month, points] of Object.entries(challenge.monthly))
      score.monthly[month] = (score.monthly[month] ?? 0) + points;
    if (challenge.deleted) continue;
    counts.totalChallenges++;
    if (isActiveUntil(challenge, challenge.endsAt || undefined, now)) counts.activeChallenges++;
    if (isChallengeSettled(challenge, now)) glance.challengesCompleted++;
    glance.mealsProved += challenge.mealsProved;
    glance.mealsPlanned += challenge.mealsPlanned;
    for (const [date, day] of Object.entries(challenge.days ?? {}))
      (activity[date] ??= {})[id] = day;
  }
  const streak = streakFromDays(activity, now);
  const today = calendarDateInZone(now, timeZone);
  const first = addDays(today, 1 - GLANCE_DAYS);
  for (const [date, days] of Object.entries(activity)) {
    if (date < first || date > today) continue;
    const proved = Object.values(days).reduce((sum, day) => sum + day.proved, 0);
    glance.days[date] = Math.min(GLANCE_MAX_MEALS_A_DAY, proved);
  }
  return {
    score,
    counts,
    glance,
    streak: {
      currentStreak: streak.current,
      bestStreak: streak.best,
      streakFreezes: streak.freezes,
      lastStreakBreakDays: streak.lastBreak?.days ?? null,
      lastStreakBreakOn: streak.lastBreak?.on ?? null,
    },
  };
}
