/**
 * Which meal reminders fall due at one tick of the sender (docs/architecture.md, "Meal reminders"):
 * a pure function of the member's plans, zone, proofs, settings and `now`, so the scheduler holds
 * no state of its own and every rule is tested here.
 */
import { addDays, calendarDateInZone, type CalendarDate } from '@domain/calendar-dates';
import { MEAL_SLOTS, type MealSlot } from '@domain/constants';
import type { MealRecord } from '@domain/challenges/challenge-record';
import type { MealKey } from '@domain/challenges/meal-key';
import { dayKey, mealWindow } from '@domain/challenges/meal-schedule';
import { canUploadProof } from '@domain/challenges/meal-status';
import type { ProofReview } from '@domain/challenges/proof-review';

/** The sender runs once a minute; a reminder is due at the tick whose minute it falls in. */
export const REMINDER_TICK_MS = 60_000;
/** A last call comes this long before a window closes, and only if the meal is still unproved. */
export const LAST_CALL_BEFORE_CLOSE_MS = 30 * 60_000;
/** After this many reminders in a row with no proof, reminders pause until the member resumes them. */
export const REMINDER_PAUSE_AFTER = 6;

/** 'HH:MM', 24-hour, in the member's zone. */
export type LocalClock = string;

/** reminderSettings/{uid} as the member chose it (docs/architecture.md, "Meal reminders"). */
export interface ReminderSettings {
  enabled: boolean;
  breakfast: boolean;
  lunch: boolean;
  dinner: boolean;
  lastCall: boolean;
  cheersAndNudges: boolean;
  /** No reminder from start (included) to end (excluded), wrapping midnight if start > end. */
  quietHours?: { start: LocalClock; end: LocalClock } | null;
}

/** What a reminder needs of a planned meal: its dish, and its proof's state. */
export type ReminderMeal = Pick<MealRecord, 'name' | 'status' | 'imgPath'> & {
  review?: Pick<ProofReview, 'state'>;
};

/** One of the member's active challenges (users/{uid}/challenges/{cid}). */
export interface ReminderChallenge {
  challengeId: string;
  title: string;
  startDate: CalendarDate;
  /** Its number of days, 1–7. */
  day: number;
  /** When the member started it: no reminder falls due before. */
  createdAt?: number;
  meals: Record<string, Partial<Record<MealSlot, ReminderMeal>> | undefined>;
}

export interface ReminderInput {
  /** The member's zone (users/{uid}/private/timeZone): the windows are in it. */
  timeZone: string;
  challenges: readonly ReminderChallenge[];
  settings: ReminderSettings;
  /** Reminders sent since the member's last proof (or since they resumed reminders). */
  unansweredInARow: number;
  now: number;
}

export type ReminderKind = 'window-open' | 'last-call';

export interface DueReminder {
  kind: ReminderKind;
  challengeId: string;
  challengeTitle: string;
  dayNumber: number;
  slot: MealSlot;
  mealKey: MealKey;
  /** The planned dish. */
  dish: string;
  opensAt: number;
  closesAt: number;
  /** The instant it fell due: the window's opening, or 30 minutes before its closing. */
  dueAt: number;
}

const clockMinutes = (clock: LocalClock): number | undefined => {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(clock);
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
};

const localMinuteFormats = new Map<string, Intl.DateTimeFormat>();

/** Minutes since local midnight of an instant in a zone. */
export function localMinuteOfDay(epochMs: number, timeZone: string): number {
  let format = localMinuteFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    });
    localMinuteFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(epochMs);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

/** True when the instant falls in the member's quiet hours (none when unset, malformed or empty). */
export function inQuietHours(
  quietHours: ReminderSettings['quietHours'],
  epochMs: number,
  timeZone: string,
): boolean {
  if (!quietHours) return false;
  const start = clockMinutes(quietHours.start);
  const end = clockMinutes(quietHours.end);
  if (start === undefined || end === undefined || start === end) return false;
  const minute = localMinuteOfDay(epochMs, timeZone);
  return start < end ? start <= minute && minute < end : minute >= start || minute < end;
}

/** Counts the reminders sent after the member's last proof and after they last resumed reminders. */
export function unansweredReminders(
  sentAt: readonly number[],
  lastProofAt: number | undefined,
  resumedAt: number | undefined,
): number {
  const since = Math.max(lastProofAt ?? -Infinity, resumedAt ?? -Infinity);
  return sentAt.filter((at) => at > since).length;
}

export const remindersPaused = (unansweredInARow: number): boolean =>
  unansweredInARow >= REMINDER_PAUSE_AFTER;

/** The challenge's day (1-based) whose date is `date`, if it has one. */
function dayNumberOn(challenge: ReminderChallenge, date: CalendarDate): number | undefined {
  for (let dayNumber = 1; dayNumber <= challenge.day; dayNumber++)
    if (addDays(challenge.startDate, dayNumber - 1) === date) return dayNumber;
  return undefined;
}

const isDue = (dueAt: number, now: number) => now - REMINDER_TICK_MS < dueAt && dueAt <= now;

function challengeReminders(
  challenge: ReminderChallenge,
  { timeZone, settings, now }: ReminderInput,
): DueReminder[] {
  // Every window and last call lies between 08:00 and 23:00 local time, so only today's can fall due.
  const dayNumber = dayNumberOn(challenge, calendarDateInZone(now, timeZone));
  if (dayNumber === undefined) return [];
  const due: DueReminder[] = [];
  for (const slot of MEAL_SLOTS) {
    const meal = challenge.meals[dayKey(dayNumber)]?.[slot];
    if (!meal || !settings[slot]) continue;
    const window = mealWindow(challenge.startDate, dayNumber, slot, timeZone);
    const lastCallAt = window.closesAt - LAST_CALL_BEFORE_CLOSE_MS;
    const candidates: Array<[ReminderKind, number]> = [['window-open', window.opensAt]];
    if (settings.lastCall && canUploadProof({ ...meal, ...window }, lastCallAt))
      candidates.push(['last-call', lastCallAt]);
    for (const [kind, dueAt] of candidates) {
      if (!isDue(dueAt, now) || dueAt < (challenge.createdAt ?? -Infinity)) continue;
      if (inQuietHours(settings.quietHours, dueAt, timeZone)) continue;
      due.push({
        kind,
        challengeId: challenge.challengeId,
        challengeTitle: challenge.title,
        dayNumber,
        slot,
        mealKey: `Day${dayNumber}-${slot}`,
        dish: meal.name,
        ...window,
        dueAt,
      });
    }
  }
  return due;
}

/**
 * The reminders due at `now` (those falling in the minute up to `now`): a window-open reminder per
 * enabled meal of today's plan, and a last call 30 minutes before it closes while it can still be
 * proved; none in quiet hours, none once paused (REMINDER_PAUSE_AFTER) or switched off, none that
 * fell due before the challenge was started.
 */
export function dueReminders(input: ReminderInput): DueReminder[] {
  if (!input.settings.enabled || remindersPaused(input.unansweredInARow)) return [];
  return input.challenges.flatMap((challenge) => challengeReminders(challenge, input));
}
