import { describe, expect, it } from 'vitest';
import type { ChallengeRecord, MealRecord } from '@domain/challenges/challenge-record';
import { mealWindow } from '@domain/challenges/meal-schedule';
import { MEAL_SLOTS } from '@domain/constants';
import {
  clockTime,
  currentMeal,
  durationText,
  todayDayNumber,
  windowText,
} from '@domain/challenges/current-meal';

const ZONE = 'Asia/Kolkata';
const MINUTE = 60_000;

function plan(days: number): Pick<ChallengeRecord, 'day' | 'meals' | 'createdAt'> {
  const meals: ChallengeRecord['meals'] = {};
  for (let day = 1; day <= days; day++) {
    meals[`Day${day}`] = Object.fromEntries(
      MEAL_SLOTS.map((slot) => [
        slot,
        {
          name: `${slot} ${day}`,
          status: 'Pending',
          ...mealWindow('2026-11-29', day, slot, ZONE),
        } as MealRecord,
      ]),
    );
  }
  return { day: days, meals, createdAt: Date.parse('2026-11-29T00:00:00+05:30') };
}

const at = (time: string) => Date.parse(`2026-11-29T${time}:00+05:30`);

describe('current meal', () => {
  it('is the meal whose window is open', () => {
    const found = currentMeal(plan(2), at('13:48'));
    expect(found).toMatchObject({ dayNumber: 1, slot: 'lunch', open: true });
    expect(windowText(found!.meal, at('13:48'), ZONE)).toBe('open until 3:00 PM · 1 h 12 m left');
  });

  it('is the next meal to open between windows', () => {
    const found = currentMeal(plan(2), at('10:20'));
    expect(found).toMatchObject({ dayNumber: 1, slot: 'lunch', open: false });
    expect(windowText(found!.meal, at('10:20'), ZONE)).toBe('opens at 12:00 PM · in 1 h 40 m');
  });

  it('skips meals that closed before the member started, and is null once every window closed', () => {
    const started = { ...plan(1), createdAt: at('10:17') };
    expect(currentMeal(started, at('07:00'))).toMatchObject({ slot: 'lunch', open: false });
    expect(currentMeal(plan(1), at('23:30'))).toBeNull();
  });

  it('writes times and durations as people say them', () => {
    expect(clockTime(at('08:00'), ZONE)).toBe('8:00 AM');
    expect(clockTime(at('00:05'), ZONE)).toBe('12:05 AM');
    expect(durationText(30 * 1000)).toBe('1 m');
    expect(durationText(40 * MINUTE)).toBe('40 m');
    expect(durationText((26 * 60 + 5) * MINUTE)).toBe('1 d 2 h');
  });
});

describe('todayDayNumber', () => {
  it("is the plan's day that now falls on, none before or after", () => {
    expect(todayDayNumber(plan(3), at('00:30'))).toBe(1);
    expect(todayDayNumber(plan(3), at('23:59'))).toBe(1);
    expect(todayDayNumber(plan(3), at('23:59') + 2 * 60_000)).toBe(2);
    expect(todayDayNumber(plan(3), at('00:00') - 60_000)).toBeUndefined();
    expect(todayDayNumber(plan(3), at('00:00') + 3 * 86_400_000)).toBeUndefined();
  });
});
