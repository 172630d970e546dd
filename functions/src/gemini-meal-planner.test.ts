import { describe, expect, it } from 'vitest';
import { MEAL_SLOTS } from '../../src/domain/constants';
import type { PlanRequest } from '../../src/domain/meal-planner';
import { mealCalorieTargets } from '../../src/domain/nutrition-targets';
import { checkedPlan } from './gemini-meal-planner';

const request: PlanRequest = {
  targets: { calories: 2000, protein: 120, carbs: 240, fat: 56 },
  days: 1,
  preference: 'vegan',
  seed: 's',
};

/** One day whose meals sit at their slot calories with 30% protein, renamed as asked. */
function day(names: Record<string, string>, calorieFactor = 1) {
  const perSlot = mealCalorieTargets(request.targets.calories);
  return Object.fromEntries(
    MEAL_SLOTS.map((slot) => {
      const calories = perSlot[slot] * calorieFactor;
      const protein = (calories * 0.3) / 4;
      const fat = (calories * 0.25) / 9;
      return [
        slot,
        {
          name: names[slot],
          calories,
          protein,
          carbs: (calories - protein * 4 - fat * 9) / 4,
          fat,
          details: '',
        },
      ];
    }),
  );
}

const vegan = {
  breakfast: 'Soy-milk oats',
  lunch: 'Eggless tofu scramble',
  dinner: 'Peanut butter noodles',
};

describe('checkedPlan', () => {
  it('accepts plant milks and eggless dishes for vegans and scales meals to their slot', () => {
    const plan = checkedPlan({ days: [day(vegan, 1.2)] }, request);
    expect(plan[0].lunch).toMatchObject({
      name: 'Eggless tofu scramble',
      calories: 800,
      protein: 60,
    });
  });

  it.each([
    ['dairy for a vegan', { ...vegan, dinner: 'Palak paneer' }, 'vegan'],
    ['egg for a vegetarian', { ...vegan, breakfast: 'Masala omelette' }, 'veg'],
    ['honey for a vegan', { ...vegan, breakfast: 'Honey oats' }, 'vegan'],
  ] as const)('rejects %s', (_case, names, preference) => {
    expect(() => checkedPlan({ days: [day(names)] }, { ...request, preference })).toThrow(/diet/);
  });

  it('lets non-vegetarians eat anything', () => {
    const names = { breakfast: 'Masala omelette', lunch: 'Chicken curry', dinner: 'Fish fry' };
    expect(checkedPlan({ days: [day(names)] }, { ...request, preference: 'nonveg' })).toHaveLength(
      1,
    );
  });

  it('rejects meals far from their calorie share and inconsistent macros', () => {
    expect(() => checkedPlan({ days: [day(vegan, 2)] }, request)).toThrow(/far from/);
    const broken = day(vegan);
    Object.assign(broken.lunch, { fat: 80 });
    expect(() => checkedPlan({ days: [broken] }, request)).toThrow(/macros/);
  });

  it('rejects a wrong shape', () => {
    expect(() => checkedPlan({ days: [{ breakfast: { name: 'x' } }] }, request)).toThrow();
    expect(() => checkedPlan([], request)).toThrow();
  });
});
