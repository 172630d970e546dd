import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { calendarDateInZone } from '@domain/calendar-dates';
import { deviceTimeZone } from './device-time-zone';
import { cardDate, cardTime, indianGrouped, localCalendarDate } from './text-format';

describe('cardTime', () => {
  it('reads like date-fns "h:mm a MMM d, y" across hours, days and years', () => {
    const start = Date.UTC(2024, 0, 1, 0, 7);
    for (let step = 0; step < 400; step++) {
      const epochMs = start + step * 37 * 60 * 60 * 1000 + step * 61_000;
      expect(cardTime(epochMs)).toBe(format(epochMs, 'h:mm a MMM d, y'));
    }
  });

  it('gives the day alone like date-fns "MMM d, y"', () => {
    for (const epochMs of [
      Date.UTC(2024, 0, 1, 12),
      Date.UTC(2025, 11, 31, 12),
      Date.UTC(2026, 4, 9, 12),
    ])
      expect(cardDate(epochMs)).toBe(format(epochMs, 'MMM d, y'));
  });

  it('is null without a time', () => {
    expect(cardTime(undefined)).toBeNull();
    expect(cardTime(Number.NaN)).toBeNull();
  });
});

describe('localCalendarDate', () => {
  it("is the device zone's calendar date, across days, months and years", () => {
    const start = Date.UTC(2024, 11, 30, 0, 30);
    for (let step = 0; step < 200; step++) {
      const epochMs = start + step * 7 * 60 * 60 * 1000;
      expect(localCalendarDate(epochMs)).toBe(calendarDateInZone(epochMs, deviceTimeZone()));
    }
  });
});

describe('indianGrouped', () => {
  it("groups like toLocaleString('en-IN')", () => {
    const values = [0, 7, 42, 999, 1000, 1234, 12_345, 123_456, 1_234_567, 12_345_678, 123_456_789];
    for (const value of [...values, ...values.filter((v) => v > 0).map((v) => -v), 1899.6, 2000.4])
      expect(indianGrouped(value)).toBe(Math.round(value).toLocaleString('en-IN'));
  });
});
