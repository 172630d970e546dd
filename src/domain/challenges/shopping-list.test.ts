import { describe, expect, it } from 'vitest';
import type { MealRecord } from '@domain/challenges/challenge-record';
import { planMeals } from '../../../functions/src/planner/meal-planner';
import { loadLpSolver } from '../../../functions/src/planner/nutrition/lp-solver';
import { nutritionTargets } from '@domain/nutrition/nutrition-targets';
import { kitchenAmount, shoppingList, shoppingListText } from '@domain/challenges/shopping-list';

const targets = nutritionTargets({ height: 175, weight: 72, age: 40, sex: 'male' }, 'Maintain');
const plan = planMeals(
  { targets, days: 3, preference: 'nonveg', seed: 'shopping' },
  await loadLpSolver(),
);
const meals = plan.flatMap((day) => Object.values(day)) as MealRecord[];

describe('shoppingList', () => {
  it('sums every ingredient of the meals once, grouped by IFCT food group, A–Z', () => {
    const groups = shoppingList(meals);
    const expected = new Map<string, number>();
    for (const meal of meals)
      for (const { label, grams } of meal.ingredients!)
        expected.set(label, (expected.get(label) ?? 0) + grams);
    const listed = groups.flatMap(({ items }) => items);
    expect(new Map(listed.map((item) => [item.label, item.grams]))).toEqual(expected);
    expect(groups.map(({ group }) => group)).toEqual(groups.map(({ group }) => group).sort());
    for (const { group, items } of groups)
      for (const item of items) {
        const source = meals
          .flatMap((meal) => meal.ingredients!)
          .find((ingredient) => ingredient.label === item.label)!;
        expect(source.group).toBe(group);
      }
  });

  it('ignores meals planned before ingredients were stored', () => {
    expect(shoppingList([{ ...meals[0], ingredients: undefined }])).toEqual([]);
  });
});

describe('kitchenAmount', () => {
  it('reads in pieces, ml/l or g/kg as the food is bought', () => {
    expect(kitchenAmount('Eggs', 260)).toBe('6 pieces (260 g)');
    expect(kitchenAmount('Banana', 100)).toBe('1 piece (100 g)');
    expect(kitchenAmount('Cow milk', 515)).toBe('500 ml');
    expect(kitchenAmount('Cow milk', 2060)).toBe('2 l');
    expect(kitchenAmount('Groundnut oil', 46)).toBe('50 ml');
    expect(kitchenAmount('Rice, raw', 480)).toBe('480 g');
    expect(kitchenAmount('Rice, raw', 1250)).toBe('1.3 kg');
  });
});

describe('shoppingListText', () => {
  it('gives a plain-text list with a heading per group', () => {
    const text = shoppingListText('Shopping list: Week, Days 1–3', shoppingList(meals));
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe('Shopping list: Week, Days 1–3');
    expect(lines).toContain('Grain Legumes');
    expect(lines.filter((line) => line.startsWith('- ')).length).toBe(
      shoppingList(meals).flatMap((group) => group.items).length,
    );
  });
});
