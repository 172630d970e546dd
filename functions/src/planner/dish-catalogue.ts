import type { MealSlot, Preference } from '@domain/constants';
import { dietaryContentOf, fitsPreference, type DietaryContent } from './nutrition/diet';
import { FOODS, type FoodKey } from '@domain/nutrition/ifct-food-keys';
import { IFCT_FOODS } from './nutrition/ifct-food';
import type { Recipe, Region } from './nutrition/recipe';
import { BREAKFAST_RECIPES, MAIN_RECIPES, SIDE_RECIPES } from './nutrition/recipes';

export { EXCLUDED_BY_PREFERENCE } from './nutrition/diet';
export type { DietaryContent } from './nutrition/diet';

/** Energy and nutrients of an amount of food. */
export interface Nutrients {
  kcal: number;
  protein: number;
  carbs: number;
  fat: number;
  fibre: number;
}

export interface Ingredient {
  /** IFCT 2017 food code. */
  code: string;
  /** What the member reads, e.g. "Split pigeon pea (toor dal)". */
  label: string;
  /** IFCT food group, e.g. "Grain Legumes". */
  group: string;
  /** Raw edible grams. */
  grams: number;
}

/**
 * A dish with its nutrition per standard portion, computed from its recipe and IFCT 2017 (never typed by
 * hand); which diets it fits follows from its ingredients' IFCT food groups.
 */
export interface Dish extends Nutrients {
  id: string;
  name: string;
  course: 'main' | 'side';
  slots: readonly MealSlot[];
  region: Region;
  serving: string;
  ingredients: readonly Ingredient[];
  contains: readonly DietaryContent[];
  details: string;
  /** Path of the image that ships with the app (public/meals). */
  image: string;
}

const NUTRIENTS = ['kcal', 'protein', 'carbs', 'fat', 'fibre'] as const;

function ingredientsOf(recipe: Recipe): Ingredient[] {
  return Object.entries(recipe.ingredients).map(([key, grams]) => {
    const { code, label } = FOODS[key as FoodKey];
    const food = IFCT_FOODS[code];
    if (!food)
      throw new Error(
        `${recipe.id}: IFCT food ${code} is missing; run scripts/generate-ifct-table.ts`,
      );
    return { code, label, group: food.group, grams: grams! };
  });
}

/** Nutrients of the given raw grams of IFCT foods. */
export function nutrientsOf(ingredients: readonly Pick<Ingredient, 'code' | 'grams'>[]): Nutrients {
  const total: Nutrients = { kcal: 0, protein: 0, carbs: 0, fat: 0, fibre: 0 };
  for (const { code, grams } of ingredients)
    for (const nutrient of NUTRIENTS) total[nutrient] += (IFCT_FOODS[code][nutrient] * grams) / 100;
  return total;
}

function dish(recipe: Recipe, course: Dish['course'], slots: readonly MealSlot[]): Dish {
  const ingredients = ingredientsOf(recipe);
  const contains = new Set<DietaryContent>();
  for (const { code, group } of ingredients) {
    const content = dietaryContentOf(code, group);
    if (content) contains.add(content);
  }
  return {
    id: recipe.id,
    name: recipe.name,
    course,
    slots,
    region: recipe.region,
    serving: recipe.serving,
    ingredients,
    contains: [...contains].sort(),
    details: recipe.details,
    image: `/meals/${recipe.id}.svg`,
    ...nutrientsOf(ingredients),
  };
}

export const DISH_CATALOGUE: readonly Dish[] = [
  ...BREAKFAST_RECIPES.map((recipe) => dish(recipe, 'main', ['breakfast'])),
  ...MAIN_RECIPES.map((recipe) => dish(recipe, 'main', ['lunch', 'dinner'])),
  ...SIDE_RECIPES.map((recipe) => dish(recipe, 'side', recipe.slots)),
];

export function dishFitsPreference(dish: Dish, preference: Preference): boolean {
  return fitsPreference(dish.contains, preference);
}

const DISHES_BY_NAME = new Map(DISH_CATALOGUE.map((entry) => [entry.name.toLowerCase(), entry]));
const DISHES_BY_ID = new Map(DISH_CATALOGUE.map((entry) => [entry.id, entry]));

/** By name, ignoring case. */
export function findDishByName(name: string): Dish | undefined {
  return DISHES_BY_NAME.get(name.trim().toLowerCase());
}

export function findDishById(id: string): Dish | undefined {
  return DISHES_BY_ID.get(id);
}

/** Pictures for meals that do not come from the catalogue (an LLM's plan), with names for the image generator. */
export const GENERIC_MEAL_IMAGES: Record<MealSlot, { id: string; name: string; image: string }> = {
  breakfast: {
    id: 'generic-breakfast',
    name: 'Breakfast bowl',
    image: '/meals/generic-breakfast.svg',
  },
  lunch: { id: 'generic-lunch', name: 'Lunch curry', image: '/meals/generic-lunch.svg' },
  dinner: { id: 'generic-dinner', name: 'Dinner rice plate', image: '/meals/generic-dinner.svg' },
};
