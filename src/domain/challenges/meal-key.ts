import { MEAL_SLOTS, type MealSlot } from '@domain/constants';

/**
 * `Day{n}-{slot}`: one meal of one member's plan on the board, in cheers and in nudges. A module without zod:
 * the challenge page's first load reads meal keys (src/app/routes/first-load-modules.test.ts).
 */
export type MealKey = `Day${number}-${MealSlot}`;
export const MEAL_KEY = new RegExp(`^Day[1-7]-(${MEAL_SLOTS.join('|')})$`);

/**
 * How a meal key (`Day{n}-{slot}`, MEAL_KEY above) reads on the board and in notices:
 * "Day1-lunch" → "Day 1 lunch". Anything else (an old or damaged record) reads as it is.
 */
export function mealKeyLabel(key: MealKey | string): string {
  const match = /^Day(\d+)-(\w+)$/.exec(key);
  return match ? `Day ${match[1]} ${match[2]}` : key;
}
