import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_LEVELS,
  INPUT_LIMITS,
  MEAL_SLOTS,
  PREFERENCES,
  SEXES,
  TARGET_BODIES,
  type Preference,
} from '@/domain/constants';
import { findDishById } from '@/domain/dish-catalogue';
import { planMeals, swapMeal, type PlannedMeal } from '@/domain/meal-planner';
import { nutritionTargets, type BodyStats } from '@/domain/nutrition-targets';
import { seededRandom, type RandomSource } from '@/domain/seeded-random';

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

/** Judged from the IFCT food groups of what is on the plate, not from the catalogue's own flags. */
const FORBIDDEN_GROUPS: Record<Preference, RegExp | undefined> = {
  vegan: /Meat|Poultry|Fish|Shellfish|Mollusks|Egg|Milk/,
  veg: /Meat|Poultry|Fish|Shellfish|Mollusks|Egg/,
  nonveg: undefined,
};
const GHEE = 'T013';

function dietViolations(meal: PlannedMeal, preference: Preference): string[] {
  const forbidden = FORBIDDEN_GROUPS[preference];
  if (!forbidden) return [];
  return meal.ingredients
    .filter(
      (ingredient) =>
        forbidden.test(ingredient.group) || (preference === 'vegan' && ingredient.code === GHEE),
    )
    .map((ingredient) => `${meal.name}: ${ingredient.label}`);
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

  it('lands every day within ±5% of its calories, meets protein on ≥99% of days, keeps the diet, portions and variety', () => {
    // Problems are collected and compared once: an expect per meal would make this test slow.
    const problems: string[] = [];
    let days = 0;
    let proteinMet = 0;
    for (const { body, goal, preference, days: length, seed } of cases) {
      const targets = nutritionTargets(body, goal);
      const plan = planMeals({ targets, days: length, preference, seed });
      const context = JSON.stringify({ body, goal, preference, length, seed, targets });
      if (plan.length !== length) problems.push(`${plan.length} days: ${context}`);
      const mains = new Set<string>();
      for (const day of plan) {
        const meals = mealsOf(day);
        if (meals.length !== MEAL_SLOTS.length) problems.push(`missing meals: ${context}`);
        const calories = meals.reduce((sum, meal) => sum + meal.calories, 0);
        const protein = meals.reduce((sum, meal) => sum + meal.protein, 0);
        if (Math.abs(calories - targets.calories) > targets.calories * 0.05)
          problems.push(`${calories} kcal: ${context}`);
        days++;
        if (protein >= targets.protein) proteinMet++;
        for (const meal of meals) {
          if (findDishById(meal.dishId)?.name !== meal.name) problems.push(`unknown ${meal.name}`);
          problems.push(...dietViolations(meal, preference).map((v) => `${v}: ${context}`));
          if (mains.has(meal.dishId)) problems.push(`${meal.name} repeated: ${context}`);
          mains.add(meal.dishId);
          for (const portion of [meal.portion, ...meal.sides.map((side) => side.portion)])
            if (portion < 0.5 || portion > 1.5) problems.push(`portion ${portion}: ${context}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(proteinMet / days).toBeGreaterThanOrEqual(0.99);
  });

  it('is deterministic for a seed and varies between seeds', () => {
    const targets = nutritionTargets({ height: 170, weight: 70, age: 30 }, 'Maintain');
    const request = { targets, days: 7, preference: 'veg' as const };
    expect(planMeals({ ...request, seed: 'a' })).toEqual(planMeals({ ...request, seed: 'a' }));
    expect(planMeals({ ...request, seed: 'a' })).not.toEqual(planMeals({ ...request, seed: 'b' }));
  });
});

describe('a planned meal', () => {
  const targets = nutritionTargets({ height: 165, weight: 60, age: 35, sex: 'female' }, 'Maintain');
  const [day] = planMeals({ targets, days: 1, preference: 'nonveg', seed: 'shape' });

  it('lists its ingredients in grams for the portions served, and its totals add up from IFCT', () => {
    for (const meal of mealsOf(day)) {
      const main = findDishById(meal.dishId)!;
      for (const ingredient of main.ingredients) {
        const served = meal.ingredients.find((entry) => entry.label === ingredient.label);
        expect(served, ingredient.label).toBeDefined();
        expect(served!.grams).toBeGreaterThanOrEqual(
          Math.round(ingredient.grams * meal.portion) - 1,
        );
      }
      const items = [
        { dish: main, portion: meal.portion },
        ...meal.sides.map((side) => ({ dish: findDishById(side.dishId)!, portion: side.portion })),
      ];
      const kcal = items.reduce((sum, item) => sum + item.dish.kcal * item.portion, 0);
      const fibre = items.reduce((sum, item) => sum + item.dish.fibre * item.portion, 0);
      expect(meal.calories).toBe(Math.round(kcal));
      expect(meal.fibre).toBeCloseTo(fibre, 0);
      expect(meal.details).toContain(`Portion: ${meal.portion}`);
    }
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
      fixedMeals: [
        {
          dayNumber: 2,
          slot: 'lunch',
          name: kept.name,
          protein: kept.protein,
          calories: kept.calories,
        },
      ],
    });
    expect(replanned[1].lunch).toBeUndefined();
    const names = replanned.flatMap((day) => mealsOf(day).map((meal) => meal.name));
    expect(names).not.toContain(kept.name);
    expect(names).toHaveLength(8);
    const dayTwo = [...mealsOf(replanned[1]), kept];
    expect(dayTwo.reduce((sum, meal) => sum + meal.protein, 0)).toBeGreaterThanOrEqual(
      targets.protein,
    );
    const calories = dayTwo.reduce((sum, meal) => sum + meal.calories, 0);
    expect(Math.abs(calories - targets.calories)).toBeLessThanOrEqual(targets.calories * 0.05);
  });
});

describe('swapMeal', () => {
  it('picks another unused dish for one slot and keeps the day within its targets', () => {
    const targets = nutritionTargets({ height: 160, weight: 55, age: 45, sex: 'female' }, 'Lean');
    const plan = planMeals({ targets, days: 3, preference: 'veg', seed: 'swap' });
    const placed = plan.flatMap((day, index) =>
      MEAL_SLOTS.map((slot) => ({ dayNumber: index + 1, slot, ...day[slot]! })),
    );
    for (const seed of ['s1', 's2', 's3', 's4', 's5']) {
      const swapped = swapMeal(
        { targets, preference: 'veg', seed },
        { dayNumber: 2, slot: 'dinner' },
        placed,
      );
      expect(placed.map((meal) => meal.dishId)).not.toContain(swapped.dishId);
      expect(swapped.ingredients.every((i) => !/Meat|Poultry|Fish|Egg/.test(i.group))).toBe(true);
      const day = [plan[1].breakfast!, plan[1].lunch!, swapped];
      const calories = day.reduce((sum, meal) => sum + meal.calories, 0);
      expect(Math.abs(calories - targets.calories)).toBeLessThanOrEqual(targets.calories * 0.05);
      expect(day.reduce((sum, meal) => sum + meal.protein, 0)).toBeGreaterThanOrEqual(
        targets.protein,
      );
    }
  });
});
