import { describe, expect, it } from 'vitest';
import { calendarDateInZone } from '@domain/calendar-dates';
import { deviceTimeZone } from './device-time-zone';
import { indianGrouped, localCalendarDate } from './text-format';

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
