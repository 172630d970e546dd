import { describe, expect, it } from 'vitest';
import {
  addDays,
  calendarDateInZone,
  isCalendarDate,
  isValidTimeZone,
  isoWeekKey,
  monthKey,
} from '@domain/calendar-dates';
import { challengeSchedule, mealWindow } from '@domain/challenges/meal-schedule';

const iso = (epochMs: number) => new Date(epochMs).toISOString();

describe('mealWindow', () => {
  it('puts Day 1 breakfast at 08:00–10:00 India time', () => {
    const window = mealWindow('2025-06-10', 1, 'breakfast', 'Asia/Kolkata');
    expect(iso(window.opensAt)).toBe('2025-06-10T02:30:00.000Z');
    expect(iso(window.closesAt)).toBe('2025-06-10T04:30:00.000Z');
  });

  it('makes Day n the start date + n − 1, across month ends', () => {
    const window = mealWindow('2025-01-30', 3, 'dinner', 'Asia/Kolkata');
    expect(iso(window.opensAt)).toBe('2025-02-01T14:30:00.000Z');
    expect(iso(window.closesAt)).toBe('2025-02-01T17:30:00.000Z');
  });

  it('follows New York across the spring-forward day', () => {
    const schedule = challengeSchedule('2025-03-08', 2, 'America/New_York');
    expect(iso(schedule[0].lunch.opensAt)).toBe('2025-03-08T17:00:00.000Z'); // EST, UTC−5
    expect(iso(schedule[1].lunch.opensAt)).toBe('2025-03-09T16:00:00.000Z'); // EDT, UTC−4
    expect(schedule[1].lunch.closesAt - schedule[1].lunch.opensAt).toBe(3 * 3600_000);
  });

  it('follows New York across the fall-back day', () => {
    const schedule = challengeSchedule('2025-11-01', 2, 'America/New_York');
    expect(iso(schedule[0].breakfast.opensAt)).toBe('2025-11-01T12:00:00.000Z');
    expect(iso(schedule[1].breakfast.opensAt)).toBe('2025-11-02T13:00:00.000Z');
  });

  it('has one entry per day with the three windows in order', () => {
    const schedule = challengeSchedule('2025-06-10', 7, 'Europe/Berlin');
    expect(schedule).toHaveLength(7);
    for (const day of schedule) {
      expect(day.breakfast.closesAt).toBeLessThan(day.lunch.opensAt);
      expect(day.lunch.closesAt).toBeLessThan(day.dinner.opensAt);
    }
  });
});

describe('calendar dates', () => {
  it('validates dates and time zones', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2025-2-1')).toBe(false);
    expect(isValidTimeZone('Asia/Kolkata')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });

  it('finds the local date of an instant', () => {
    const instant = Date.parse('2025-06-10T20:00:00Z');
    expect(calendarDateInZone(instant, 'Asia/Kolkata')).toBe('2025-06-11');
    expect(calendarDateInZone(instant, 'America/New_York')).toBe('2025-06-10');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
  });

  it('keys ISO weeks and months in the member zone', () => {
    const newYearsEveUtc = Date.parse('2024-12-31T20:00:00Z');
    expect(isoWeekKey(newYearsEveUtc, 'Asia/Kolkata')).toBe('2025-W01');
    expect(monthKey(newYearsEveUtc, 'Asia/Kolkata')).toBe('2025-01');
    expect(monthKey(newYearsEveUtc, 'America/New_York')).toBe('2024-12');
    expect(isoWeekKey(Date.parse('2021-01-03T12:00:00Z'), 'UTC')).toBe('2020-W53');
  });
});
