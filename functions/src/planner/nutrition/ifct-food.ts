import { IFCT_FOOD_ROWS } from './ifct-foods.generated';

/** One IFCT 2017 food, per 100 g edible portion. */
export interface IfctFood {
  name: string;
  /** IFCT food group, e.g. "Grain Legumes"; diets follow from it (diet.ts). */
  group: string;
  /** From IFCT's kJ (ifct-energy.ts). */
  kcal: number;
  protein: number;
  fat: number;
  /** Available carbohydrate. */
  carbs: number;
  /** Total dietary fibre. */
  fibre: number;
}

/** The IFCT foods the recipes use, by IFCT code. */
export const IFCT_FOODS: Readonly<Record<string, IfctFood>> = Object.fromEntries(
  Object.entries(IFCT_FOOD_ROWS).map(([code, [name, group, kcal, protein, fat, carbs, fibre]]) => [
    code,
    { name, group, kcal, protein, fat, carbs, fibre },
  ]),
);
