import { describe, expect, it } from 'vitest';
import {
  basalMetabolicRate,
  dailyFibreTarget,
  dayTargetBounds,
  MAX_PROTEIN_CALORIE_SHARE,
  mealCalorieTargets,
  nutritionTargets,
  targetMark,
} from '@domain/nutrition/nutrition-targets';

describe('basalMetabolicRate (Mifflin–St Jeor)', () => {
  it('uses the sex constant when known and the midpoint otherwise', () => {
    const body = { height: 180, weight: 80, age: 30 };
    expect(basalMetabolicRate({ ...body, sex: 'male' })).toBe(800 + 1125 - 150 + 5);
    expect(basalMetabolicRate({ ...body, sex: 'female' })).toBe(800 + 1125 - 150 - 161);
    expect(basalMetabolicRate(body)).toBe(800 + 1125 - 150 - 78);
  });
});

describe('nutritionTargets', () => {
  const male = { height: 180, weight: 80, age: 30, sex: 'male' as const };

  it('multiplies by the default activity 1.375 and applies the goal', () => {
    expect(nutritionTargets(male, 'Maintain').calories).toBe(Math.round(1780 * 1.375));
    expect(nutritionTargets(male, 'Bulk').calories).toBe(Math.round(1780 * 1.375 * 1.15));
    expect(nutritionTargets(male, 'Lean Bulk').calories).toBe(Math.round(1780 * 1.375 * 1.1));
    expect(nutritionTargets(male, 'Lean').calories).toBe(Math.round(1780 * 1.375 * 0.9));
    expect(nutritionTargets(male, 'Cutting').calories).toBe(Math.round(1780 * 1.375 * 0.8));
    expect(nutritionTargets({ ...male, activity: 'active' }, 'Maintain').calories).toBe(
      Math.round(1780 * 1.725),
    );
  });

  it('never goes below 1,200 kcal', () => {
    expect(
      nutritionTargets(
        { height: 140, weight: 35, age: 90, sex: 'female', activity: 'sedentary' },
        'Cutting',
      ).calories,
    ).toBe(1200);
  });

  it('sets protein by goal in g/kg, capped at 25% of calories', () => {
    expect(MAX_PROTEIN_CALORIE_SHARE).toBe(0.25);
    expect(nutritionTargets(male, 'Maintain').protein).toBe(128);
    expect(nutritionTargets(male, 'Bulk').protein).toBe(144);
    for (const goal of ['Lean', 'Cutting'] as const) {
      const targets = nutritionTargets(male, goal);
      expect(targets.protein).toBe(Math.floor((targets.calories * 0.25) / 4));
      expect(targets.protein).toBeLessThan(2 * 80);
    }
  });

  it('fills the rest with 25% fat and carbs', () => {
    const targets = nutritionTargets(male, 'Maintain');
    expect(targets.fat).toBe(Math.round((targets.calories * 0.25) / 9));
    expect(
      Math.abs(targets.protein * 4 + targets.carbs * 4 + targets.fat * 9 - targets.calories),
    ).toBeLessThanOrEqual(6);
  });
});

describe('mealCalorieTargets', () => {
  it('splits 30/40/30', () => {
    expect(mealCalorieTargets(2000)).toEqual({ breakfast: 600, lunch: 800, dinner: 600 });
  });
});

describe('dailyFibreTarget', () => {
  it('asks 14 g per 1,000 kcal', () => {
    expect(dailyFibreTarget(2000)).toBe(28);
    expect(dailyFibreTarget(1500)).toBe(21);
  });
});

describe('dayTargetBounds and targetMark', () => {
  const bounds = dayTargetBounds({ calories: 2000, protein: 120, carbs: 240, fat: 56 });

  it('kcal ±5 %, protein from its target to 1.25 × it, carbs and fat ±15 %, fibre from 90 % up', () => {
    expect(bounds.calories).toEqual({ min: 1900, max: 2100 });
    expect(bounds.protein).toEqual({ min: 120, max: 150 });
    expect(bounds.carbs.min).toBeCloseTo(204);
    expect(bounds.carbs.max).toBeCloseTo(276);
    expect(bounds.fat.min).toBeCloseTo(47.6);
    expect(bounds.fat.max).toBeCloseTo(64.4);
    expect(bounds.fibre).toEqual({ min: 28 * 0.9, max: Infinity });
  });

  it('marks a total on target inside its bounds (edges included), over above and under below', () => {
    expect(targetMark(1900, bounds.calories)).toBe('on target');
    expect(targetMark(2100, bounds.calories)).toBe('on target');
    expect(targetMark(2101, bounds.calories)).toBe('over');
    expect(targetMark(119.9, bounds.protein)).toBe('under');
    expect(targetMark(500, bounds.fibre)).toBe('on target');
  });
});
