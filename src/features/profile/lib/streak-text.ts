import type { CalendarDate } from '@domain/calendar-dates';
import { MONTH_NAMES, WEEKDAY_NAMES } from '@/lib/text-format';

/** "1 day", "3 days": how the profile and the sidebar card say a streak's length. */
export function streakDaysText(days: number | undefined): string {
  const count = days ?? 0;
  return `${count} ${count === 1 ? 'day' : 'days'}`;
}

/* The words are en-GB's, as the calendar's 84 cells read them out. */
const partsOf = (date: CalendarDate) => date.split('-').map(Number) as [number, number, number];

/** The weekday of a calendar date ('YYYY-MM-DD'), whatever the viewer's zone: "Tuesday". */
export function weekdayOf(date: CalendarDate): string {
  const [year, month, day] = partsOf(date);
  return WEEKDAY_NAMES[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
}

/** "Tuesday 24 November 2026": a calendar cell's date, read out as a person would say it. */
export function longDateText(date: CalendarDate): string {
  const [year, month, day] = partsOf(date);
  return `${weekdayOf(date)} ${day} ${MONTH_NAMES[month - 1]} ${year}`;
}

/** The kind word after a streak ended short (docs/product.md, "Streaks"). */
export function brokenStreakText(days: number, on: CalendarDate): string {
  return `Your ${days}-day streak ended on ${weekdayOf(on)}. Start a new one with your next meal.`;
}
