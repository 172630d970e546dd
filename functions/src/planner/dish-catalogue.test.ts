import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MEAL_SLOTS, PREFERENCES } from '@domain/constants';
import { DISH_CATALOGUE, dishFitsPreference, GENERIC_MEAL_IMAGES } from './dish-catalogue';
import { FOODS } from '@domain/nutrition/ifct-food-keys';
import { IFCT_FOODS } from './nutrition/ifct-food';

const PUBLIC_DIR = resolve(import.meta.dirname, '../../../public');

describe('dish catalogue', () => {
  it('has at least 150 dishes with unique ids and names and an image each', () => {
    expect(DISH_CATALOGUE.length).toBeGreaterThanOrEqual(150);
    expect(new Set(DISH_CATALOGUE.map((dish) => dish.id)).size).toBe(DISH_CATALOGUE.length);
    expect(new Set(DISH_CATALOGUE.map((dish) => dish.name.toLowerCase())).size).toBe(
      DISH_CATALOGUE.length,
    );
    for (const dish of DISH_CATALOGUE) {
      expect(dish.image).toBe(`/meals/${dish.id}.svg`);
      expect(dish.id).toMatch(/^[a-z0-9-]+$/);
    }
  });

  it('ships every image in public/meals, each at most 3 KB', () => {
    for (const dish of [...DISH_CATALOGUE, ...Object.values(GENERIC_MEAL_IMAGES)]) {
      const file = `${PUBLIC_DIR}${dish.image}`;
      expect(existsSync(file), file).toBe(true);
      expect(statSync(file).size, file).toBeLessThanOrEqual(3 * 1024);
    }
  });

  it('builds every dish from IFCT foods in plausible portions', () => {
    for (const dish of DISH_CATALOGUE) {
      expect(dish.ingredients.length, dish.id).toBeGreaterThan(0);
      for (const ingredient of dish.ingredients) {
        expect(IFCT_FOODS[ingredient.code], `${dish.id}: ${ingredient.code}`).toBeDefined();
        expect(ingredient.grams, dish.id).toBeGreaterThan(0);
      }
      const [min, max] = dish.course === 'main' ? [200, 800] : [30, 300];
      expect(dish.kcal, dish.id).toBeGreaterThanOrEqual(min);
      expect(dish.kcal, dish.id).toBeLessThanOrEqual(max);
    }
  });

  it('ships nutrition only for the foods the recipes use', () => {
    const used = new Set(DISH_CATALOGUE.flatMap((dish) => dish.ingredients.map((i) => i.code)));
    expect(Object.keys(IFCT_FOODS).sort()).toEqual([...used].sort());
    const aliased = new Set(Object.values(FOODS).map((food) => food.code));
    expect([...aliased].filter((code) => !used.has(code))).toEqual([]);
  });

  it('derives diets from IFCT food groups: no meat, fish or egg for veg, no milk products either for vegans', () => {
    const animal = /Meat|Poultry|Fish|Shellfish|Mollusks|Egg/;
    for (const dish of DISH_CATALOGUE) {
      const groups = dish.ingredients.map((ingredient) => ingredient.group);
      const dairy =
        groups.includes('Milk and Milk Products') ||
        dish.ingredients.some((ingredient) => ingredient.code === 'T013');
      expect(dishFitsPreference(dish, 'veg'), dish.id).toBe(!groups.some((g) => animal.test(g)));
      expect(dishFitsPreference(dish, 'vegan'), dish.id).toBe(
        !groups.some((g) => animal.test(g)) && !dairy,
      );
      expect(dishFitsPreference(dish, 'nonveg')).toBe(true);
    }
  });

  it('covers every diet, slot and region', () => {
    for (const preference of PREFERENCES) {
      const fits = DISH_CATALOGUE.filter((dish) => dishFitsPreference(dish, preference));
      for (const slot of MEAL_SLOTS) {
        const mains = fits.filter((dish) => dish.course === 'main' && dish.slots.includes(slot));
        const sides = fits.filter((dish) => dish.course === 'side' && dish.slots.includes(slot));
        expect(mains.length, `${preference} ${slot}`).toBeGreaterThanOrEqual(
          slot === 'breakfast' ? 20 : 30,
        );
        expect(sides.length, `${preference} ${slot}`).toBeGreaterThanOrEqual(12);
      }
    }
    for (const region of ['north', 'south', 'east', 'west', 'everyday'])
      expect(DISH_CATALOGUE.filter((dish) => dish.region === region).length).toBeGreaterThanOrEqual(
        15,
      );
  });
});
