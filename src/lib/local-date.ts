/**
 * The device's calendar date, `YYYY-MM-DD`: what `calendarDateInZone(epochMs, deviceTimeZone())` gives, read from
 * the Date's local fields instead of Intl. A page's first Intl formatter sets up ICU in one long task
 * (~40 ms unthrottled), which the profile's first render paid for this (docs/performance.md, "How the main
 * thread is spent").
 */
export function localCalendarDate(epochMs: number = Date.now()): string {
  const date = new Date(epochMs);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
