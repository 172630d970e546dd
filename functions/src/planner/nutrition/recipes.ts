import type { Recipe, SideRecipe } from './recipe';
import { BREAKFAST_RECIPES } from './recipes-breakfast';
import { MILK_MAIN_RECIPES } from './recipes-mains-milk';
import { NONVEG_MAIN_RECIPES } from './recipes-mains-nonveg';
import { PLANT_MAIN_RECIPES } from './recipes-mains-plant';
import { SIDE_RECIPES } from './recipes-sides';

/** Lunch and dinner main dishes. */
export const MAIN_RECIPES: readonly Recipe[] = [
  ...PLANT_MAIN_RECIPES,
  ...MILK_MAIN_RECIPES,
  ...NONVEG_MAIN_RECIPES,
];

export { BREAKFAST_RECIPES, SIDE_RECIPES };

export const ALL_RECIPES: ReadonlyArray<Recipe | SideRecipe> = [
  ...BREAKFAST_RECIPES,
  ...MAIN_RECIPES,
  ...SIDE_RECIPES,
];
