import type { CalendarDate } from '@/domain/calendar-dates';

/** "1 day", "3 days": how the profile and the sidebar card say a streak's length. */
export function streakDaysText(days: number | undefined): string {
  const count = days ?? 0;
  return `${count} ${count === 1 ? 'day' : 'days'}`;
}

/*
 * Made once, on first use: building a formatter costs far more than formatting with it, and the
 * glance calendar labels 84 cells (docs/performance.md, "The profile with 12 weeks of data and 60
 * weights").
 */
let weekdayFormat: Intl.DateTimeFormat | undefined;
let dayMonthYearFormat: Intl.DateTimeFormat | undefined;

/** The weekday of a calendar date ('YYYY-MM-DD'), whatever the viewer's zone: "Tuesday". */
export function weekdayOf(date: CalendarDate): string {
  weekdayFormat ??= new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' });
  return weekdayFormat.format(new Date(`${date}T12:00:00Z`));
}

/** "Tuesday 24 November 2026": a calendar cell's date, read out as a person would say it. */
export function longDateText(date: CalendarDate): string {
  dayMonthYearFormat ??= new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `${weekdayOf(date)} ${dayMonthYearFormat.format(new Date(`${date}T12:00:00Z`))}`;
}

/** The kind word after a streak ended short (docs/product.md, "Streaks"). */
export function brokenStreakText(days: number, on: CalendarDate): string {
  return `Your ${days}-day streak ended on ${weekdayOf(on)}. Start a new one with your next meal.`;
}
