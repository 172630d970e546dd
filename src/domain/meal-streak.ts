import { addDays, type CalendarDate } from './calendar-dates';
import { MEAL_SLOTS, STREAK_RULES } from './constants';
import type { ChallengeRecord, MealRecord } from './challenge-record';
import { dayKey } from './meal-schedule';

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
interface ChallengeDay {
  proved: number;
  needed: number;
  /** When the day's last window closes: after it the day can no longer change. */
  endsAt: number;
}

function provedInWindow(meal: MealRecord | undefined): boolean {
  return (
    meal?.status === 'Done' &&
    typeof meal.doneAt === 'number' &&
    meal.opensAt <= meal.doneAt &&
    meal.doneAt <= meal.closesAt
  );
}

function challengeDays(challenge: StreakChallenge): Map<CalendarDate, ChallengeDay> {
  const days = new Map<CalendarDate, ChallengeDay>();
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

/**
 * A member's meal streak, derived from their challenges alone (docs/product.md, "Streaks"). A
 * streak day is a date (the challenge's zone: the member's) of a challenge on which enough meals
 * were proved inside their windows; dates without a challenge pause the streak; a date that ended
 * short spends a freeze if one is held, else breaks the streak. A date still under way counts once
 * it qualifies and never breaks. Deleted challenges count for nothing, as for points.
 */
export function computeMealStreak(challenges: Iterable<StreakChallenge>, now: number): MealStreak {
  const dates = new Map<CalendarDate, { qualified: boolean; ended: boolean }>();
  for (const challenge of challenges) {
    if (challenge.deleted === true) continue;
    for (const [date, day] of challengeDays(challenge)) {
      const seen = dates.get(date) ?? { qualified: false, ended: true };
      // With overlapping challenges, one qualifying day is enough; the date ends with the last.
      dates.set(date, {
        qualified: seen.qualified || day.proved >= day.needed,
        ended: seen.ended && now > day.endsAt,
      });
    }
  }
  const streak: MealStreak = { current: 0, best: 0, freezes: 0 };
  for (const date of [...dates.keys()].sort()) {
    const { qualified, ended } = dates.get(date)!;
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
