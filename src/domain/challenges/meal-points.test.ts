import { describe, expect, it } from 'vitest';
import type { DayMeals, MealRecord } from '@domain/challenges/challenge-record';
import { mealPointsEarned } from '@domain/challenges/meal-points';

const proved = (doneAt: number, extra: Partial<MealRecord> = {}) =>
  ({ status: 'Done', opensAt: 0, closesAt: 100, doneAt, ...extra }) as MealRecord;

describe('mealPointsEarned', () => {
  it('is 10 for a meal proved in its window, 20 for the last of a complete day', () => {
    const day: DayMeals = { breakfast: proved(10), lunch: proved(20), dinner: proved(30) };
    expect(mealPointsEarned(day, 'breakfast')).toBe(10);
    expect(mealPointsEarned(day, 'dinner')).toBe(20);
    expect(mealPointsEarned({ lunch: proved(20) }, 'lunch')).toBe(10);
  });

  it('is 0 for a meal not proved or under review', () => {
    expect(mealPointsEarned({ lunch: { ...proved(20), status: 'Pending' } }, 'lunch')).toBe(0);
    const flagged = proved(20, { review: { state: 'flagged', reasons: ['duplicate'], at: 1 } });
    expect(mealPointsEarned({ lunch: flagged }, 'lunch')).toBe(0);
  });
});
