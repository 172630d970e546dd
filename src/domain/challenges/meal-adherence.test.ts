import { describe, expect, it } from 'vitest';
import {
  adherenceOf,
  adherenceText,
  closedBeforeStart,
  mealAdherence,
} from '@domain/challenges/meal-adherence';

const HOUR = 3_600_000;
const meal = (opensAt: number, done = false) => ({ opensAt, closesAt: opensAt + 2 * HOUR, done });

describe('meal adherence', () => {
  it('counts proved meals out of the meals so far, with the plan total beside', () => {
    const meals = [meal(0, true), meal(10 * HOUR, false), meal(20 * HOUR, true), meal(30 * HOUR)];
    const result = mealAdherence(meals, (m) => m.done, 21 * HOUR, undefined);
    expect(result).toEqual({ proved: 2, soFar: 3, total: 4, percent: 67 });
    expect(adherenceText(result)).toBe('67 % · 2 of 3 meals so far proved · 4 planned');
  });

  it('leaves out meals whose window closed before the member started', () => {
    const meals = [meal(0), meal(10 * HOUR, true), meal(20 * HOUR)];
    expect(closedBeforeStart(meals[0]!, 3 * HOUR)).toBe(true);
    expect(closedBeforeStart(meals[1]!, 3 * HOUR)).toBe(false);
    expect(mealAdherence(meals, (m) => m.done, 11 * HOUR, 3 * HOUR)).toEqual({
      proved: 1,
      soFar: 1,
      total: 2,
      percent: 100,
    });
  });

  it('is 0 before any meal is due and never over 100', () => {
    expect(adherenceOf(0, 0, 21).percent).toBe(0);
    expect(adherenceOf(5, 3, 21)).toEqual({ proved: 3, soFar: 3, total: 21, percent: 100 });
  });
});
