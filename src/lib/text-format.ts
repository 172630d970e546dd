/*
 * Dates and numbers as text, written by hand rather than with Intl: a page's first Intl formatter sets up ICU
 * in one long task (~40 ms unthrottled, 110–370 ms at 4× CPU), which the first render of the feed, the
 * profile and the challenge page each paid (docs/performance.md, "How the main thread is spent"). Each is
 * tested against the Intl or date-fns output it stands for.
 */

export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

export const MONTH_NAMES = [
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
] as const;

/** The device's calendar date, `YYYY-MM-DD`: what `calendarDateInZone(epochMs, deviceTimeZone())` gives. */
export function localCalendarDate(epochMs: number = Date.now()): string {
  const date = new Date(epochMs);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** An integer grouped as `toLocaleString('en-IN')` groups it ("12,34,567": thousands, then pairs). */
export function indianGrouped(value: number): string {
  const rounded = Math.round(value);
  const digits = String(Math.abs(rounded));
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${rounded < 0 ? '-' : ''}${rest ? `${rest},` : ''}${last3}`;
}
