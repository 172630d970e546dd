import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PREFERENCES } from './constants';
import { DISH_CATALOGUE, EXCLUDED_BY_PREFERENCE, GENERIC_MEAL_IMAGES } from './dish-catalogue';

const PUBLIC_DIR = resolve(import.meta.dirname, '../../public');

describe('dish catalogue', () => {
  it('has unique ids and names, consistent calories and an image per dish', () => {
    expect(new Set(DISH_CATALOGUE.map((dish) => dish.id)).size).toBe(DISH_CATALOGUE.length);
    expect(new Set(DISH_CATALOGUE.map((dish) => dish.name)).size).toBe(DISH_CATALOGUE.length);
    for (const dish of DISH_CATALOGUE) {
      expect(dish.kcal).toBe(dish.protein * 4 + dish.carbs * 4 + dish.fat * 9);
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

  it('offers enough dishes per diet and slot for a 7-day plan without repeats', () => {
    for (const preference of PREFERENCES) {
      const fits = DISH_CATALOGUE.filter(
        (dish) => !dish.contains.some((c) => EXCLUDED_BY_PREFERENCE[preference].includes(c)),
      );
      expect(
        fits.filter((dish) => dish.slots.includes('breakfast')).length,
        preference,
      ).toBeGreaterThanOrEqual(7);
      expect(
        fits.filter((dish) => dish.slots.includes('lunch') || dish.slots.includes('dinner')).length,
      ).toBeGreaterThanOrEqual(14);
    }
  });
});
