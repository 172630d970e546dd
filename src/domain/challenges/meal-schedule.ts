import { addDays, zonedTimeToEpochMs, type CalendarDate } from '@domain/calendar-dates';
import { MEAL_SLOTS, MEAL_WINDOWS, type MealSlot } from '@domain/constants';

export interface MealWindow {
  opensAt: number;
  closesAt: number;
}

export type DayWindows = Record<MealSlot, MealWindow>;

/** Day n (1-based) is the start date + n − 1 in the member's time zone. */
export function mealWindow(
  startDate: CalendarDate,
  dayNumber: number,
  slot: MealSlot,
  timeZone: string,
): MealWindow {
  const date = addDays(startDate, dayNumber - 1);
  const { opens, closes } = MEAL_WINDOWS[slot];
  return {
    opensAt: zonedTimeToEpochMs(date, opens.hour, opens.minute, timeZone),
    closesAt: zonedTimeToEpochMs(date, closes.hour, closes.minute, timeZone),
  };
}

/** Windows of every meal of a challenge, index 0 = Day1. */
export function challengeSchedule(
  startDate: CalendarDate,
  days: number,
  timeZone: string,
): DayWindows[] {
  return Array.from({ length: days }, (_, index) => {
    const windows = {} as DayWindows;
    for (const slot of MEAL_SLOTS) windows[slot] = mealWindow(startDate, index + 1, slot, timeZone);
    return windows;
  });
}

/** True while at least one meal of the schedule can still be proved. */
export function hasWindowLeft(schedule: readonly DayWindows[], now: number): boolean {
  return schedule.some((windows) => MEAL_SLOTS.some((slot) => now <= windows[slot].closesAt));
}

export function dayKey(dayNumber: number): string {
  return `Day${dayNumber}`;
}
