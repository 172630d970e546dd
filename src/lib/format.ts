import { indianGrouped, MONTH_NAMES } from './text-format';

/*
 * The app's one formatter for what people read: dates, times, numbers and time zones, in en-IN
 * (docs/product.md, "Dates, times and numbers"): "29 Nov 2026", "9:18 AM", "1,23,456", "India time".
 * Written by hand, not with Intl, for the reason text-format.ts gives (a first Intl formatter is a long
 * task on a page's first render); each function is tested against the Intl output it stands for.
 * Instants are shown in the device's zone. Stored formats stay as they are (joinAt text, startDate): only
 * what is shown goes through here.
 */

type Instant = number | Date;

const toDate = (when: Instant) => (typeof when === 'number' ? new Date(when) : when);

/** "29 Nov 2026": an instant's day in the device's zone. */
export function formatDate(when: Instant): string {
  const date = toDate(when);
  return `${date.getDate()} ${MONTH_NAMES[date.getMonth()].slice(0, 3)} ${date.getFullYear()}`;
}

/** "9:18 AM": an instant's time of day in the device's zone, 12-hour clock. */
export function formatTime(when: Instant): string {
  const date = toDate(when);
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "29 Nov 2026, 9:18 AM". */
export function formatDateTime(when: Instant): string {
  return `${formatDate(when)}, ${formatTime(when)}`;
}

/**
 * A stored instant that may be missing (an older record without `updatedAt`, a malformed one) as
 * formatDateTime shows it, else null: the caller then shows nothing rather than "Invalid Date".
 */
export function formatDateTimeIfAny(epochMs: unknown): string | null {
  return typeof epochMs === 'number' && Number.isFinite(epochMs) ? formatDateTime(epochMs) : null;
}

/** 123456 → "1,23,456"; 1234.5 → "1,234.5" (at most `fractionDigits` decimals, trailing zeros dropped). */
export function formatNumber(value: number, fractionDigits = 0): string {
  if (!Number.isFinite(value)) return '–';
  const scale = 10 ** fractionDigits;
  const rounded = Math.round(Math.abs(value) * scale) / scale;
  const whole = Math.trunc(rounded);
  const fraction = fractionDigits > 0 ? String(Math.round((rounded - whole) * scale)) : '0';
  const sign = value < 0 && rounded !== 0 ? '-' : '';
  const decimals =
    fraction === '0' ? '' : `.${fraction.padStart(fractionDigits, '0').replace(/0+$/, '')}`;
  return `${sign}${indianGrouped(whole)}${decimals}`;
}

/** India's zone goes by two IANA names; both read "India time". */
const INDIA_ZONES = new Set(['Asia/Kolkata', 'Asia/Calcutta']);

/**
 * A time zone as people say it: "India time" for Asia/Kolkata (or its old name Asia/Calcutta), else the
 * city's: "New York time" for America/New_York; "UTC" for UTC and its aliases.
 */
export function formatTimeZone(zone: string): string {
  if (INDIA_ZONES.has(zone)) return 'India time';
  if (/^(Etc\/)?(UTC|GMT|UCT|Zulu|Universal)$/i.test(zone)) return 'UTC';
  const offset = /^Etc\/GMT([+-])(\d{1,2})$/.exec(zone);
  // Etc/GMT signs are inverted: Etc/GMT-8 is UTC+8.
  if (offset) return `UTC${offset[1] === '-' ? '+' : '−'}${offset[2]}`;
  const city = zone.split('/').pop() ?? zone;
  return `${city.replaceAll('_', ' ')} time`;
}

/**
 * A stored calendar date, "2026-11-29" (or text starting with one, such as SPEC's "yyyy-MM-dd HH:mm:ss"), as
 * "29 Nov 2026": the date as written, no zone applied. Text it cannot read comes back unchanged.
 */
export function formatCalendarDate(text: string): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  const month = parts && MONTH_NAMES[Number(parts[2]) - 1];
  if (!parts || !month) return text;
  return `${Number(parts[3])} ${month.slice(0, 3)} ${parts[1]}`;
}

/**
 * A stored date and time, an instant (epoch ms) or SPEC's text "yyyy-MM-dd HH:mm:ss" (a wall-clock time as
 * written, read as such), as "30 Oct 2026, 9:18 AM"; text without a time gives its date alone, and text it
 * cannot read comes back unchanged. Empty when absent.
 */
export function formatStoredDateTime(value: number | string | null | undefined): string {
  if (typeof value === 'number') return formatDateTimeIfAny(value) ?? '';
  if (!value) return '';
  const parts = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(value);
  if (!parts) return formatCalendarDate(value);
  const [year, month, day, hours, minutes] = parts.slice(1).map(Number);
  const written = new Date(year, month - 1, day, hours, minutes);
  return written.getMonth() === month - 1 && hours < 24 && minutes < 60
    ? formatDateTime(written)
    : value;
}

/**
 * A member's join date as shown ("1 Jan 2026"). Older records keep SPEC's text "yyyy-MM-dd HH:mm:ss" (a
 * wall-clock time as written, read as such); newer ones an instant (epoch ms). Undefined when absent.
 */
export function formatJoinDate(joinAt: number | string | null | undefined): string | undefined {
  if (typeof joinAt === 'number') return Number.isFinite(joinAt) ? formatDate(joinAt) : undefined;
  return joinAt ? formatCalendarDate(joinAt) : undefined;
}
