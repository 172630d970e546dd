import { describe, expect, it } from 'vitest';
import { mealKeyLabel } from '@domain/challenges/meal-key';

describe('mealKeyLabel', () => {
  it.each([
    ['Day1-lunch', 'Day 1 lunch'],
    ['Day7-breakfast', 'Day 7 breakfast'],
    ['Day12-dinner', 'Day 12 dinner'],
    ['lunch', 'lunch'],
    ['', ''],
  ])('reads %j as %j', (key, label) => {
    expect(mealKeyLabel(key)).toBe(label);
  });
});
