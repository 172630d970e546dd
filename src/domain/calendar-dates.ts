import { TZDate } from '@date-fns/tz';
import { getISOWeek, getISOWeekYear, lightFormat } from 'date-fns';

/** A calendar date as 'YYYY-MM-DD'. */
export type CalendarDate = string;

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Zones already accepted (building a DateTimeFormat costs ~0.1 ms, and a request checks its zone
 * several times); capped, since any spelling the runtime accepts ("asia/kolkata") counts.
 */
const knownTimeZones = new Set<string>();
const KNOWN_TIME_ZONES_CAP = 1_000;

export function isValidTimeZone(timeZone: string): boolean {
  if (knownTimeZones.has(timeZone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    return false;
  }
  if (knownTimeZones.size < KNOWN_TIME_ZONES_CAP) knownTimeZones.add(timeZone);
  return true;
}

export function isCalendarDate(value: string): boolean {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

function parseCalendarDate(date: CalendarDate): [number, number, number] {
  if (!isCalendarDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  const [year, month, day] = date.split('-').map(Number);
  return [year, month, day];
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const [year, month, day] = parseCalendarDate(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The calendar date an instant falls on in a time zone. */
export function calendarDateInZone(epochMs: number, timeZone: string): CalendarDate {
  return lightFormat(new TZDate(epochMs, timeZone), 'yyyy-MM-dd');
}

/** The instant a local wall-clock time happens on a date in a time zone. */
export function zonedTimeToEpochMs(
  date: CalendarDate,
  hour: number,
  minute: number,
  timeZone: string,
): number {
  const [year, month, day] = parseCalendarDate(date);
  return new TZDate(year, month - 1, day, hour, minute, 0, timeZone).getTime();
}

/** ISO week key 'YYYY-Www' of a date's own calendar (a TZDate's zone, or a plain Date's: the device's). */
export const isoWeekKeyOf = (local: Date): string =>
  `${getISOWeekYear(local)}-W${String(getISOWeek(local)).padStart(2, '0')}`;

/** Month key 'YYYY-MM' of a date's own calendar (as isoWeekKeyOf). */
export const monthKeyOf = (local: Date): string => lightFormat(local, 'yyyy-MM');

/** ISO week key 'YYYY-Www' of an instant in a time zone. */
export function isoWeekKey(epochMs: number, timeZone: string): string {
  return isoWeekKeyOf(new TZDate(epochMs, timeZone));
}

/** Month key 'YYYY-MM' of an instant in a time zone. */
export function monthKey(epochMs: number, timeZone: string): string {
  return monthKeyOf(new TZDate(epochMs, timeZone));
}
