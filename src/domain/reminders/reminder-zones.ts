/**
 * Which zones the sender looks at in a minute: only where the local clock reads a minute some
 * reminder can fall in (a window opening, or a last call), so each run reads the members of a few
 * zones, not every member (docs/architecture.md, "Meal reminders").
 */
import { MEAL_SLOTS, MEAL_WINDOWS } from '@domain/constants';
import { isValidTimeZone } from '@domain/calendar-dates';
import { LAST_CALL_BEFORE_CLOSE_MS, localMinuteOfDay } from '@domain/reminders/due-reminders';

const MINUTE_MS = 60_000;

/** Local minutes of the day at which reminders fall due: 08:00, 09:30, 12:00, 14:30, 20:00, 22:30. */
export const REMINDER_MINUTES: ReadonlySet<number> = new Set(
  MEAL_SLOTS.flatMap((slot) => {
    const { opens, closes } = MEAL_WINDOWS[slot];
    return [
      opens.hour * 60 + opens.minute,
      closes.hour * 60 + closes.minute - LAST_CALL_BEFORE_CLOSE_MS / MINUTE_MS,
    ];
  }),
);

/**
 * The zones whose local time at `now` is in a reminder minute. A reminder due in the tick ending at
 * `now` (due-reminders.ts) falls in the local minute `now` is in, so no other zone has one.
 */
export function zonesAtReminderMinute(zones: Iterable<string>, now: number): string[] {
  return [...zones].filter(
    (zone) => isValidTimeZone(zone) && REMINDER_MINUTES.has(localMinuteOfDay(now, zone)),
  );
}
