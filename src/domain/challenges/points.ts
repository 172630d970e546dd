import { MEAL_SLOTS, POINTS } from '@domain/constants';
import type { ChallengeRecord, MealRecord } from '@domain/challenges/challenge-record';
import { dayKey } from '@domain/challenges/meal-schedule';

type ScoredChallenge = Pick<ChallengeRecord, 'day' | 'deleted' | 'timezone' | 'meals'>;

export interface Score {
  total: number;
  /** Points per ISO week 'YYYY-Www'; 0 for weeks that only deleted challenges touched. */
  weekly: Record<string, number>;
  /** Points per month 'YYYY-MM'; 0 likewise. */
  monthly: Record<string, number>;
}

interface Award {
  points: number;
  at: number;
}

/** A meal proved inside its own window (for a verified record: its window as the server derives it). */
export function provedInWindow(
  meal: MealRecord | undefined,
): meal is MealRecord & { doneAt: number } {
  return (
    meal?.status === 'Done' &&
    typeof meal.doneAt === 'number' &&
    meal.opensAt <= meal.doneAt &&
    meal.doneAt <= meal.closesAt
  );
}

/** 10 per meal proved in its window, +10 when the whole day is, +50 when the whole challenge is (at its last proof). */
export function challengeAwards(challenge: ScoredChallenge): Award[] {
  const awards: Award[] = [];
  let everyDayComplete = challenge.day > 0;
  let lastProofAt = 0;
  for (let dayNumber = 1; dayNumber <= challenge.day; dayNumber++) {
    const meals = challenge.meals?.[dayKey(dayNumber)];
    let proved = 0;
    let dayLastProofAt = 0;
    for (const slot of MEAL_SLOTS) {
      const meal = meals?.[slot];
      if (!provedInWindow(meal)) continue;
      proved++;
      awards.push({ points: POINTS.mealInWindow, at: meal.doneAt });
      dayLastProofAt = Math.max(dayLastProofAt, meal.doneAt);
    }
    if (proved === MEAL_SLOTS.length)
      awards.push({ points: POINTS.fullDayBonus, at: dayLastProofAt });
    else everyDayComplete = false;
    lastProofAt = Math.max(lastProofAt, dayLastProofAt);
  }
  if (everyDayComplete) awards.push({ points: POINTS.fullChallengeBonus, at: lastProofAt });
  return awards;
}

/** One formatter per zone: building one costs ~0.1 ms, and a score looks up every award's date. */
const localDateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The ISO week 'YYYY-Www' and month 'YYYY-MM' an instant falls in, in a zone: the same keys as
 * calendar-dates' isoWeekKey and monthKey (points.test.ts checks it), about 50 times faster, which
 * matters to recompute (a challenge has up to 29 awards, each keyed twice).
 */
export function periodKeys(epochMs: number, timeZone: string): { week: string; month: string } {
  let format = localDateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    localDateFormats.set(timeZone, format);
  }
  const [year, month, day] = format.format(epochMs).split('-').map(Number);
  // The ISO week is the one of the Thursday of the same Monday-to-Sunday week.
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCDate(date.getUTCDate() + 3 - ((date.getUTCDay() + 6) % 7));
  const weekYear = date.getUTCFullYear();
  const week = 1 + Math.floor((date.getTime() - Date.UTC(weekYear, 0, 1)) / (7 * 86_400_000));
  return {
    week: `${weekYear}-W${String(week).padStart(2, '0')}`,
    month: `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`,
  };
}

/**
 * A member's score, derived from their challenges alone (idempotent). Deleted challenges earn nothing,
 * but the periods they touched are listed with 0 so that a recompute clears what they once earned.
 */
export function computeScore(challenges: Iterable<ScoredChallenge>): Score {
  const score: Score = { total: 0, weekly: {}, monthly: {} };
  for (const challenge of challenges) {
    const awards = challengeAwards(challenge);
    const earned = challenge.deleted !== true;
    for (const { points, at } of awards) {
      const { week, month } = periodKeys(at, challenge.timezone);
      score.weekly[week] = (score.weekly[week] ?? 0) + (earned ? points : 0);
      score.monthly[month] = (score.monthly[month] ?? 0) + (earned ? points : 0);
      if (earned) score.total += points;
    }
  }
  return score;
}
