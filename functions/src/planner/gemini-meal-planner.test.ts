import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MEAL_SLOTS } from '@domain/constants';
import { findDishById } from './dish-catalogue';
import type { PlanRequest } from './meal-planner';
import { loadLpSolver } from './nutrition/lp-solver';
import { checkedPlan as checkedPlanWith } from './gemini-meal-planner';

const solve = await loadLpSolver();
const checkedPlan = (candidate: unknown, plan: PlanRequest) =>
  checkedPlanWith(candidate, plan, solve);

const request: PlanRequest = {
  targets: { calories: 2000, protein: 110, carbs: 250, fat: 56 },
  days: 1,
  preference: 'vegan',
  seed: 's',
};

const vegan = {
  breakfast: 'moong-chilla-tofu',
  lunch: 'soya-bean-curry-rice',
  dinner: 'sprouts-soya-salad',
};

describe('checkedPlan', () => {
  it('maps dish ids and names onto the catalogue and takes nutrition from IFCT, not the model', () => {
    const plan = checkedPlan({ days: [{ ...vegan, lunch: 'Soya Bean Curry With Rice' }] }, request);
    for (const slot of MEAL_SLOTS) {
      const meal = plan[0][slot]!;
      const dish = findDishById(meal.dishId)!;
      expect(meal.name).toBe(dish.name);
      expect(meal.img).toBe(dish.image);
      expect(meal.portion).toBeGreaterThanOrEqual(0.5);
      expect(meal.portion).toBeLessThanOrEqual(1.5);
      expect(meal.ingredients.length).toBeGreaterThan(0);
    }
    expect(plan[0].lunch!.dishId).toBe('soya-bean-curry-rice');
    const day = MEAL_SLOTS.map((slot) => plan[0][slot]!);
    const calories = day.reduce((sum, meal) => sum + meal.calories, 0);
    expect(Math.abs(calories - 2000)).toBeLessThanOrEqual(100);
    expect(day.reduce((sum, meal) => sum + meal.protein, 0)).toBeGreaterThanOrEqual(110);
  });

  it.each([
    [
      'a dish that is not in the catalogue',
      { ...vegan, dinner: 'Tofu teriyaki bowl' },
      'vegan',
      /not a catalogue dish/,
    ],
    ['a side dish as a meal', { ...vegan, dinner: 'masala-chaas' }, 'veg', /not a catalogue dish/],
    [
      'a lunch dish at breakfast',
      { ...vegan, breakfast: 'rajma-chawal' },
      'vegan',
      /not a breakfast/,
    ],
    ['milk products for a vegan', { ...vegan, dinner: 'palak-paneer-rice' }, 'vegan', /diet/],
    ['egg for a vegetarian', { ...vegan, breakfast: 'masala-omelette-roti' }, 'veg', /diet/],
    ['a repeated dish', { ...vegan, dinner: 'soya-bean-curry-rice' }, 'vegan', /repeats/],
  ] as const)('rejects %s', (_case, day, preference, reason) => {
    expect(() => checkedPlan({ days: [day] }, { ...request, preference })).toThrow(reason);
  });

  it('rejects a plan whose dishes cannot reach the protein target', () => {
    const lean = { breakfast: 'poori-bhaji', lunch: 'kathal-curry-rice', dinner: 'pav-bhaji' };
    expect(() =>
      checkedPlan({ days: [lean] }, { ...request, targets: { ...request.targets, protein: 200 } }),
    ).toThrow(/protein/);
  });

  it('lets non-vegetarians eat anything', () => {
    const day = {
      breakfast: 'masala-omelette-roti',
      lunch: 'chicken-curry-rice',
      dinner: 'palak-paneer-rice',
    };
    expect(checkedPlan({ days: [day] }, { ...request, preference: 'nonveg' })).toHaveLength(1);
  });

  /** The schema's complaint, by where it is: [path, message] per issue. */
  const shapeIssues = (candidate: unknown) => {
    try {
      checkedPlan(candidate, request);
    } catch (error) {
      expect(error).toBeInstanceOf(z.ZodError);
      return (error as z.ZodError).issues.map((issue) => [issue.path.join('.'), issue.code]);
    }
    throw new Error('accepted a plan of the wrong shape');
  };

  it('rejects a wrong shape, saying where it is wrong', () => {
    expect(shapeIssues({ days: [{ breakfast: 'idli-sambar' }] })).toEqual([
      ['days.0.lunch', 'invalid_type'],
      ['days.0.dinner', 'invalid_type'],
    ]);
    expect(shapeIssues([])).toEqual([['', 'invalid_type']]);
    expect(shapeIssues({ days: [] })).toEqual([['days', 'too_small']]);
  });

  it('rejects a plan for another number of days than asked', () => {
    const second = {
      breakfast: 'idli-sambar',
      lunch: 'rajma-chawal',
      dinner: 'palak-paneer-rice',
    };
    expect(() => checkedPlan({ days: [vegan, second] }, { ...request, preference: 'veg' })).toThrow(
      'expected 1 days, got 2',
    );
  });
});
