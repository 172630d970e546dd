import { describe, expect, it } from 'vitest';
import { calendarDateInZone } from '@domain/calendar-dates';
import { deviceTimeZone } from './device-time-zone';
import { localCalendarDate } from './local-date';

describe('localCalendarDate', () => {
  it("is the device zone's calendar date, across days, months and years", () => {
    const start = Date.UTC(2024, 11, 30, 0, 30);
    for (let step = 0; step < 200; step++) {
      const epochMs = start + step * 7 * 60 * 60 * 1000;
      expect(localCalendarDate(epochMs)).toBe(calendarDateInZone(epochMs, deviceTimeZone()));
    }
  });
});
