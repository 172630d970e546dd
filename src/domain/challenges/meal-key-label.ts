import type { MealKey } from '@domain/challenges/group-records';

/**
 * How a meal key (`Day{n}-{slot}`, group-records.ts MEAL_KEY) reads on the board and in notices:
 * "Day1-lunch" → "Day 1 lunch". Anything else (an old or damaged record) reads as it is.
 */
export function mealKeyLabel(key: MealKey | string): string {
  const match = /^Day(\d+)-(\w+)$/.exec(key);
  return match ? `Day ${match[1]} ${match[2]}` : key;
}
