/*
 * English calendar words, for dates formatted by hand rather than with Intl: a page's first Intl formatter
 * sets up ICU in one long task (docs/performance.md, "How the main thread is spent").
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
