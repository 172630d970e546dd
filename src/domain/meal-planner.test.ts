import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_LEVELS,
  MEAL_SLOTS,
  PREFERENCES,
  SEXES,
  TARGET_BODIES,
  INPUT_LIMITS,
} from './constants';
import { EXCLUDED_BY_PREFERENCE, findDishByName } from './dish-catalogue';
import { planMeals, type PlannedMeal } from './meal-planner';
import { nutritionTargets, type BodyStats } from './nutrition-targets';
import { seededRandom, type RandomSource } from './seeded-random';

function pick<T>(items: readonly T[], random: RandomSource): T {
  return items[Math.floor(random() * items.length)];
}

function between(min: number, max: number, random: RandomSource): number {
  return min + random() * (max - min);
}

function randomBody(random: RandomSource): BodyStats {
  return {
    height: Math.round(between(INPUT_LIMITS.height.min, INPUT_LIMITS.height.max, random)),
    weight: Math.round(between(INPUT_LIMITS.weight.min, INPUT_LIMITS.weight.max, random) * 10) / 10,
    age: Math.floor(between(INPUT_LIMITS.age.min, INPUT_LIMITS.age.max + 1, random)),
    sex: random() < 0.3 ? undefined : pick(SEXES, random),
    activity: random() < 0.3 ? undefined : pick(ACTIVITY_LEVELS, random),
  };
}

function mealsOf(day: Partial<Record<string, PlannedMeal>>): PlannedMeal[] {
  return Object.values(day).filter((meal): meal is PlannedMeal => meal !== undefined);
}

describe('planMeals over 1,000 random valid profiles', () => {
  const random = seededRandom('planner-property-tests');
  const cases = Array.from({ length: 1000 }, (_, index) => ({
    body: randomBody(random),
    goal: pick(TARGET_BODIES, random),
    preference: pick(PREFERENCES, random),
    days: 1 + Math.floor(random() * 7),
    seed: `case-${index}`,
  }));

  it('fills every slot, lands each day within ±5% of its calories, meets protein, keeps the diet and never repeats', () => {
    for (const { body, goal, preference, days, seed } of cases) {
      const targets = nutritionTargets(body, goal);
      const plan = planMeals({ targets, days, preference, seed });
      const context = JSON.stringify({ body, goal, preference, days, seed, targets });
      expect(plan, context).toHaveLength(days);
      const names = new Set<string>();
      for (const day of plan) {
        expect(Object.keys(day).sort(), context).toEqual([...MEAL_SLOTS].sort());
        const meals = mealsOf(day);
        const calories = meals.reduce((sum, meal) => sum + meal.calories, 0);
        const protein = meals.reduce((sum, meal) => sum + meal.protein, 0);
        expect(Math.abs(calories - targets.calories), context).toBeLessThanOrEqual(
          targets.calories * 0.05,
        );
        expect(protein, context).toBeGreaterThanOrEqual(targets.protein);
        for (const meal of meals) {
          const dish = findDishByName(meal.name);
          expect(dish, meal.name).toBeDefined();
          expect(
            dish!.contains.filter((content) =>
              EXCLUDED_BY_PREFERENCE[preference].includes(content),
            ),
            context,
          ).toEqual([]);
          expect(names.has(meal.name), `${meal.name} repeated: ${context}`).toBe(false);
          names.add(meal.name);
        }
      }
    }
  });

  it('is deterministic for a seed and varies between seeds', () => {
    const targets = nutritionTargets({ height: 170, weight: 70, age: 30 }, 'Maintain');
    const request = { targets, days: 7, preference: 'veg' as const };
    expect(planMeals({ ...request, seed: 'a' })).toEqual(planMeals({ ...request, seed: 'a' }));
    expect(planMeals({ ...request, seed: 'a' })).not.toEqual(planMeals({ ...request, seed: 'b' }));
  });
});

describe('planMeals with fixed (already proved) meals', () => {
  it('leaves fixed slots open, avoids their dishes and still meets the day', () => {
    const targets = nutritionTargets({ height: 180, weight: 90, age: 28, sex: 'male' }, 'Cutting');
    const original = planMeals({ targets, days: 3, preference: 'vegan', seed: 'original' });
    const kept = original[1].lunch!;
    const replanned = planMeals({
      targets,
      days: 3,
      preference: 'vegan',
      seed: 'again',
      fixedMeals: [{ dayNumber: 2, slot: 'lunch', name: kept.name, protein: kept.protein }],
    });
    expect(replanned[1].lunch).toBeUndefined();
    const names = replanned.flatMap((day) => mealsOf(day).map((meal) => meal.name));
    expect(names).not.toContain(kept.name);
    expect(names).toHaveLength(8);
    const dayTwoProtein = mealsOf(replanned[1]).reduce(
      (sum, meal) => sum + meal.protein,
      kept.protein,
    );
    expect(dayTwoProtein).toBeGreaterThanOrEqual(targets.protein);
  });
});
