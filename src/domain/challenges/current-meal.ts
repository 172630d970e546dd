/**
 * The meal a member acts on now (docs/product.md, "Today"): the one whose window is open, or else the next to
 * open, and how its window reads ("open until 3:00 PM · 1 h 12 m left", "opens at 12:00 PM · in 1 h 40 m").
 */
import { MEAL_SLOTS, MEAL_WINDOWS, type MealSlot } from '@domain/constants';
import type { ChallengeRecord, MealRecord } from '@domain/challenges/challenge-record';
import { dayKey } from '@domain/challenges/meal-schedule';
import { closedBeforeStart } from '@domain/challenges/meal-adherence';

export interface CurrentMeal {
  dayNumber: number;
  slot: MealSlot;
  meal: MealRecord;
  /** Its window is open at `now` (a meal proved in it stays current until the window closes). */
  open: boolean;
}

/**
 * The first meal of the plan, in order, whose window has not closed at `now`; null once every window has
 * closed (the challenge is over). Meals before the member started are skipped.
 */
export function currentMeal(
  challenge: Pick<ChallengeRecord, 'day' | 'meals'> & Partial<Pick<ChallengeRecord, 'createdAt'>>,
  now: number,
): CurrentMeal | null {
  for (let dayNumber = 1; dayNumber <= challenge.day; dayNumber++) {
    const meals = challenge.meals?.[dayKey(dayNumber)];
    for (const slot of MEAL_SLOTS) {
      const meal = meals?.[slot];
      if (!meal || typeof meal.closesAt !== 'number' || now > meal.closesAt) continue;
      if (closedBeforeStart(meal, challenge.createdAt)) continue;
      return { dayNumber, slot, meal, open: meal.opensAt <= now };
    }
  }
  return null;
}

const MINUTE = 60_000;

/** "1 h 12 m", "40 m", "2 d 3 h": whole minutes, never "0 m" for a time still ahead. */
export function durationText(ms: number): string {
  const minutes = Math.max(1, Math.floor(ms / MINUTE));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return `${hours} h ${rest} m`;
  return `${rest} m`;
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** "3:00 PM" in `timeZone` (built from parts: ICU puts a narrow space before AM/PM in some versions). */
export function clockTime(epochMs: number, timeZone: string | undefined): string {
  const key = timeZone ?? '';
  let format = clockFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h23',
      ...(timeZone ? { timeZone } : {}),
    });
    clockFormats.set(key, format);
  }
  const parts = format.formatToParts(epochMs);
  const hour = Number(parts.find((part) => part.type === 'hour')?.value ?? 0);
  const minute = parts.find((part) => part.type === 'minute')?.value ?? '00';
  return `${hour % 12 || 12}:${minute} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** How the meal's window reads at `now`: open until…, opens at…, or closed at…. */
export function windowText(
  meal: Pick<MealRecord, 'opensAt' | 'closesAt'>,
  now: number,
  timeZone: string | undefined,
): string {
  if (now < meal.opensAt)
    return `opens at ${clockTime(meal.opensAt, timeZone)} · in ${durationText(meal.opensAt - now)}`;
  if (now <= meal.closesAt)
    return `open until ${clockTime(meal.closesAt, timeZone)} · ${durationText(meal.closesAt - now)} left`;
  return `closed at ${clockTime(meal.closesAt, timeZone)}`;
}

const HOUR = 3_600_000;

/**
 * The plan's day that `now` falls on in the plan's zone (undefined before Day 1 or after the last): a day runs
 * from the local midnight before its first window (its breakfast opens at 08:00) to the next one.
 */
export function todayDayNumber(
  challenge: Pick<ChallengeRecord, 'day' | 'meals'>,
  now: number,
): number | undefined {
  const firstSlot = MEAL_SLOTS[0];
  const opensAfterMidnight = MEAL_WINDOWS[firstSlot].opens.hour * HOUR;
  for (let dayNumber = 1; dayNumber <= challenge.day; dayNumber++) {
    const opensAt = challenge.meals?.[dayKey(dayNumber)]?.[firstSlot]?.opensAt;
    if (typeof opensAt !== 'number') continue;
    const midnight = opensAt - opensAfterMidnight;
    if (midnight <= now && now < midnight + 24 * HOUR) return dayNumber;
  }
  return undefined;
}
