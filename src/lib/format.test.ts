import { describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatDateTimeIfAny,
  formatJoinDate,
  formatStoredDateTime,
  formatNumber,
  formatTime,
  formatTimeZone,
} from './format';

const enIN = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-IN', options);

describe('formatDate and formatTime', () => {
  it('read like en-IN "d MMM y" and "h:mm AM" across hours, days and years', () => {
    const day = enIN({ day: 'numeric', month: 'short', year: 'numeric' });
    const time = enIN({ hour: 'numeric', minute: '2-digit', hour12: true });
    const start = Date.UTC(2024, 0, 1, 0, 7);
    for (let step = 0; step < 400; step++) {
      const epochMs = start + step * 37 * 60 * 60 * 1000 + step * 61_000;
      // ICU writes "Sept" for en-IN's September and "am"/"pm" in lower case; the app says Sep and AM/PM.
      expect(formatDate(epochMs)).toBe(day.format(epochMs).replace('Sept', 'Sep'));
      expect(formatTime(epochMs)).toBe(time.format(epochMs).toUpperCase());
    }
  });

  it('gives the examples the product names', () => {
    const morning = new Date(2026, 10, 29, 9, 18, 7);
    expect(formatDate(morning)).toBe('29 Nov 2026');
    expect(formatTime(morning)).toBe('9:18 AM');
    expect(formatDateTime(morning)).toBe('29 Nov 2026, 9:18 AM');
    expect(formatTime(new Date(2026, 10, 29, 0, 5))).toBe('12:05 AM');
    expect(formatTime(new Date(2026, 10, 29, 12, 0))).toBe('12:00 PM');
  });
});

describe('formatDateTimeIfAny', () => {
  it('formats a stored instant as formatDateTime does, and gives null for none or an unreadable one', () => {
    const morning = new Date(2026, 10, 29, 9, 18).getTime();
    expect(formatDateTimeIfAny(morning)).toBe('29 Nov 2026, 9:18 AM');
    for (const missing of [undefined, null, Number.NaN, Infinity, '2026-11-29 09:18:07'])
      expect(formatDateTimeIfAny(missing)).toBeNull();
  });
});

describe('formatNumber', () => {
  it('groups as en-IN does', () => {
    for (const value of [0, 7, 999, 1000, 12345, 123456, 1234567, 123456789, -98765])
      expect(formatNumber(value)).toBe(value.toLocaleString('en-IN'));
    expect(formatNumber(123456)).toBe('1,23,456');
  });

  it('keeps at most the decimals asked for, without trailing zeros', () => {
    expect(formatNumber(72.45, 1)).toBe('72.5');
    expect(formatNumber(1234.05, 2)).toBe('1,234.05');
    expect(formatNumber(70.0, 1)).toBe('70');
    expect(formatNumber(-0.04, 1)).toBe('0');
    expect(formatNumber(Number.NaN)).toBe('–');
  });
});

describe('formatTimeZone', () => {
  it('names India time by either of its names, and other zones by their city', () => {
    expect(formatTimeZone('Asia/Kolkata')).toBe('India time');
    expect(formatTimeZone('Asia/Calcutta')).toBe('India time');
    expect(formatTimeZone('America/New_York')).toBe('New York time');
    expect(formatTimeZone('Europe/London')).toBe('London time');
    expect(formatTimeZone('UTC')).toBe('UTC');
    expect(formatTimeZone('Etc/GMT-8')).toBe('UTC+8');
  });
});

describe('formatCalendarDate', () => {
  it('writes a stored date as the product shows dates, without applying a zone', () => {
    expect(formatCalendarDate('2026-11-29')).toBe('29 Nov 2026');
    expect(formatCalendarDate('2026-03-01')).toBe('1 Mar 2026');
    expect(formatCalendarDate('2026-13-01')).toBe('2026-13-01');
  });
});

describe('formatStoredDateTime', () => {
  it("reads an instant, or SPEC's text as the wall-clock time it says, never showing the raw text", () => {
    expect(formatStoredDateTime(new Date(2026, 10, 29, 9, 18).getTime())).toBe(
      '29 Nov 2026, 9:18 AM',
    );
    expect(formatStoredDateTime('2026-10-30 09:18:07')).toBe('30 Oct 2026, 9:18 AM');
    expect(formatStoredDateTime('2026-10-30 21:05:00')).toBe('30 Oct 2026, 9:05 PM');
    expect(formatStoredDateTime('2026-10-30')).toBe('30 Oct 2026');
  });

  it('keeps text it cannot read, and gives nothing for none', () => {
    expect(formatStoredDateTime('2026-13-45 09:18:07')).toBe('2026-13-45 09:18:07');
    expect(formatStoredDateTime('yesterday')).toBe('yesterday');
    expect(formatStoredDateTime(undefined)).toBe('');
    expect(formatStoredDateTime('')).toBe('');
  });
});

describe('formatJoinDate', () => {
  it("shows SPEC's stored text as a date, and an instant in the device's zone", () => {
    expect(formatJoinDate('2026-10-30 09:18:07')).toBe('30 Oct 2026');
    expect(formatJoinDate('2026-01-01 09:00:00')).toBe('1 Jan 2026');
    expect(formatJoinDate(new Date(2026, 10, 29, 23, 59).getTime())).toBe('29 Nov 2026');
  });

  it('is undefined when absent and keeps text it cannot read', () => {
    expect(formatJoinDate(undefined)).toBeUndefined();
    expect(formatJoinDate('')).toBeUndefined();
    expect(formatJoinDate('sometime')).toBe('sometime');
  });
});
