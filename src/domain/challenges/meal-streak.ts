import { addDays, type CalendarDate } from '@domain/calendar-dates';
import { MEAL_SLOTS, STREAK_RULES } from '@domain/constants';
import type { ChallengeRecord, MealRecord } from '@domain/challenges/challenge-record';
import { dayKey } from '@domain/challenges/meal-schedule';
import { provedInWindow } from '@domain/challenges/points';

type StreakChallenge = Pick<
  ChallengeRecord,
  'day' | 'deleted' | 'startDate' | 'createdAt' | 'meals'
>;

export interface StreakBreak {
  /** How many streak days the broken streak had. */
  days: number;
  /** The member-zone date that ended short. */
  on: CalendarDate;
}

export interface MealStreak {
  current: number;
  best: number;
  /** Freezes held (at most STREAK_RULES.maxFreezes). */
  freezes: number;
  /** The last streak of ≥ 1 day that a short day ended, if any. */
  lastBreak?: StreakBreak;
}

/** What one challenge's day contributes: proofs inside their windows, and the bar for a streak day. */
export interface ChallengeDay {
  proved: number;
  needed: number;
  /** When the day's last window closes: after it the day can no longer change. */
  endsAt: number;
}

/**
 * A challenge's days by date (the challenge's zone): what the server keeps per challenge
 * (progress/{uid}/challenges/{cid}, functions/src/progress/member-rollup.ts) so a recompute only redoes the challenges
 * that can change.
 * Deleted challenges have none.
 */
export function challengeDays(challenge: StreakChallenge): Map<CalendarDate, ChallengeDay> {
  const days = new Map<CalendarDate, ChallengeDay>();
  if (challenge.deleted === true) return days;
  for (let dayNumber = 1; dayNumber <= challenge.day; dayNumber++) {
    const meals = MEAL_SLOTS.map((slot) => challenge.meals?.[dayKey(dayNumber)]?.[slot]).filter(
      (meal): meal is MealRecord => meal !== undefined,
    );
    if (meals.length === 0) continue;
    // On the first day only the meals still open at creation can be proved: a challenge created
    // during dinner makes its first day a streak day with the dinner proved.
    const open =
      dayNumber === 1
        ? meals.filter((meal) => meal.closesAt > challenge.createdAt).length
        : meals.length;
    if (open === 0) continue;
    days.set(addDays(challenge.startDate, dayNumber - 1), {
      proved: meals.filter(provedInWindow).length,
      needed: Math.min(STREAK_RULES.mealsPerDay, open),
      endsAt: Math.max(...meals.map((meal) => meal.closesAt)),
    });
  }
  return days;
}

/** Every challenge day a member has, by date and challenge (the shape the server stores). */
export type ActivityDays = Record<CalendarDate, Record<string, ChallengeDay>>;

/**
 * A member's meal streak (docs/product.md, "Streaks"). A streak day is a date of a challenge on
 * which enough meals were proved inside their windows; dates without a challenge pause the streak;
 * a date that ended short spends a freeze if one is held, else breaks the streak. A date still
 * under way counts once it qualifies and never breaks. With overlapping challenges, one qualifying
 * challenge day makes the date a streak day; the date ends when its last challenge day does.
 */
export function streakFromDays(
  activity: ActivityDays,
  now: number,
  /** The streak as it stood before the first date of `activity` (the server folds old dates). */
  initial: MealStreak = { current: 0, best: 0, freezes: 0 },
): MealStreak {
  const streak: MealStreak = { ...initial };
  for (const date of Object.keys(activity).sort()) {
    const days = Object.values(activity[date]);
    if (days.length === 0) continue;
    const qualified = days.some((day) => day.proved >= day.needed);
    const ended = days.every((day) => now > day.endsAt);
    if (qualified) {
      streak.current++;
      streak.best = Math.max(streak.best, streak.current);
      if (streak.current % STREAK_RULES.daysPerFreeze === 0)
        streak.freezes = Math.min(STREAK_RULES.maxFreezes, streak.freezes + 1);
    } else if (ended) {
      if (streak.freezes > 0) streak.freezes--;
      else {
        if (streak.current > 0) streak.lastBreak = { days: streak.current, on: date };
        streak.current = 0;
      }
    }
  }
  return streak;
}

/** The challenges' days, merged by date: `challenges` maps a challenge id to its record. */
export function activityDays(challenges: Record<string, StreakChallenge>): ActivityDays {
  const activity: ActivityDays = {};
  for (const [challengeId, challenge] of Object.entries(challenges))
    for (const [date, day] of challengeDays(challenge)) (activity[date] ??= {})[challengeId] = day;
  return activity;
}

/** A member's meal streak from their challenges (all of them: see streakFromDays). */
export function computeMealStreak(challenges: Iterable<StreakChallenge>, now: number): MealStreak {
  return streakFromDays(activityDays(Object.fromEntries([...challenges].entries())), now);
}
