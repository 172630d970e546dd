import type { CalendarDate } from '@domain/calendar-dates';

/** "1 day", "3 days": how the profile and the sidebar card say a streak's length. */
export function streakDaysText(days: number | undefined): string {
  const count = days ?? 0;
  return `${count} ${count === 1 ? 'day' : 'days'}`;
}

/*
 * Written by hand, not with Intl: a page's first Intl formatter sets up ICU in one long task (~40 ms
 * unthrottled), which the glance calendar's first render paid (docs/performance.md, "How the main thread is
 * spent"). The words are en-GB's, as the calendar's 84 cells read them out.
 */
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const partsOf = (date: CalendarDate) => date.split('-').map(Number) as [number, number, number];

/** The weekday of a calendar date ('YYYY-MM-DD'), whatever the viewer's zone: "Tuesday". */
export function weekdayOf(date: CalendarDate): string {
  const [year, month, day] = partsOf(date);
  return WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
}

/** "Tuesday 24 November 2026": a calendar cell's date, read out as a person would say it. */
export function longDateText(date: CalendarDate): string {
  const [year, month, day] = partsOf(date);
  return `${weekdayOf(date)} ${day} ${MONTHS[month - 1]} ${year}`;
}

/** The kind word after a streak ended short (docs/product.md, "Streaks"). */
export function brokenStreakText(days: number, on: CalendarDate): string {
  return `Your ${days}-day streak ended on ${weekdayOf(on)}. Start a new one with your next meal.`;
}
