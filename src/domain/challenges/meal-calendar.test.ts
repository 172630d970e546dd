import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { ChallengeRecord, DayMeals } from '@domain/challenges/challenge-record';
import { MEAL_SLOTS, MEAL_WINDOWS } from '@domain/constants';
import { mealCalendar } from '@domain/challenges/meal-calendar';
import { challengeSchedule, dayKey } from '@domain/challenges/meal-schedule';

const timezone = 'Asia/Kolkata';
const schedule = challengeSchedule('2026-11-23', 2, timezone);
const meals: Record<string, DayMeals> = {};
schedule.forEach((windows, index) => {
  const day: DayMeals = {};
  for (const slot of MEAL_SLOTS)
    day[slot] = {
      name: `Dal, rice; and ${slot} ${'very '.repeat(12)}long`,
      calories: 600,
      protein: 30,
      carbs: 70,
      fat: 20,
      details: 'Line one\nline two, with a comma.',
      img: '/meals/dal-tadka-roti.svg',
      status: 'Pending',
      ...windows[slot],
    };
  meals[dayKey(index + 1)] = day;
});
const challenge: Pick<ChallengeRecord, 'title' | 'day' | 'meals' | 'timezone'> = {
  title: 'Lean week, 2026',
  day: 2,
  meals,
  timezone,
};

/** Hour and minute of an instant in the member's zone. */
function localTime(epochMs: number): { hour: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(epochMs);
  const value = (type: string) => Number(parts.find((part) => part.type === type)!.value);
  return { hour: value('hour'), minute: value('minute') };
}

describe('mealCalendar', () => {
  const ics = mealCalendar('c1', challenge, Date.UTC(2026, 10, 22, 12));
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const events = calendar.getAllSubcomponents('vevent');

  it('is valid iCalendar with CRLF lines no longer than 75 octets', () => {
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe(timezone);
    expect(ics.endsWith('\r\n')).toBe(true);
    for (const line of ics.split('\r\n'))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });

  it('has one event per meal window, opening and closing at the window times in the member zone', () => {
    expect(events).toHaveLength(6);
    for (const [index, slot] of [...MEAL_SLOTS, ...MEAL_SLOTS].entries()) {
      const event = new ICAL.Event(events[index]);
      const start = event.startDate.toJSDate().getTime();
      const end = event.endDate.toJSDate().getTime();
      const window = schedule[Math.floor(index / 3)][slot];
      expect([start, end]).toEqual([window.opensAt, window.closesAt]);
      expect(localTime(start)).toEqual(MEAL_WINDOWS[slot].opens);
      expect(localTime(end)).toEqual(MEAL_WINDOWS[slot].closes);
      expect(event.summary).toBe(
        `${slot[0].toUpperCase()}${slot.slice(1)}: ${meals.Day1[slot]!.name} (Day ${Math.floor(index / 3) + 1})`,
      );
      expect(event.description).toContain('Line one\nline two, with a comma.');
      expect(event.uid).toBe(`c1-Day${Math.floor(index / 3) + 1}-${slot}@challangex`);
    }
  });

  it('sets an alarm when each window opens', () => {
    for (const event of events) {
      const alarm = event.getFirstSubcomponent('valarm')!;
      expect(alarm.getFirstPropertyValue('action')).toBe('DISPLAY');
      expect(String(alarm.getFirstPropertyValue('trigger'))).toBe('PT0S');
    }
  });
});
