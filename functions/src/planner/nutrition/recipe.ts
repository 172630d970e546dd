/**
 * A dish as a recipe of IFCT 2017 foods. How cooking is accounted for (docs/nutrition.md repeats this):
 * - Every ingredient is weighed raw, as the edible part that goes into the pot: dry dal, beans and
 *   rice, flour for rotis and dosas, raw vegetables, meat and fish without bone. IFCT values are per
 *   100 g of that raw edible portion, so a dish's nutrition is the sum over its raw ingredients.
 * - Water taken up in soaking, boiling or kneading adds no nutrients and is not listed; nutrients lost
 *   to heat are not subtracted (energy, protein, fat, carbohydrate and fibre change little).
 * - Cooking oil and ghee are listed by weight and counted in full, as if all of it is eaten with the
 *   dish (absorbed or in the gravy).
 * - IFCT 2017 lists no curd, buttermilk or butter: curd and buttermilk count as the whole milk they
 *   are set from (buttermilk is that curd thinned with water), and recipes use ghee or oil for butter.
 */
import type { MealSlot } from '@domain/constants';
import type { FoodKey } from '@domain/nutrition/ifct-food-keys';

export type Region = 'north' | 'south' | 'east' | 'west' | 'everyday';

export interface Recipe {
  /** Stable: stored plans, images and tests refer to it. */
  id: string;
  name: string;
  region: Region;
  /** One standard portion in kitchen words. */
  serving: string;
  /** Raw edible grams per standard portion. */
  ingredients: Partial<Record<FoodKey, number>>;
  details: string;
}

/** A side dish, drink or fruit that rounds a meal off; it may be served at the listed meals. */
export interface SideRecipe extends Recipe {
  slots: readonly MealSlot[];
}
