import {
  ACTIVITY_FACTORS,
  DEFAULT_ACTIVITY_LEVEL,
  MEAL_CALORIE_SHARE,
  MEAL_SLOTS,
  type ActivityLevel,
  type MealSlot,
  type Sex,
  type TargetBody,
} from '@domain/constants';

export interface BodyStats {
  height: number; // cm
  weight: number; // kg
  age: number; // years
  sex?: Sex;
  activity?: ActivityLevel;
}

export interface NutritionTargets {
  calories: number; // kcal per day
  protein: number; // g per day
  carbs: number; // g per day
  fat: number; // g per day
}

export const GOAL_CALORIE_ADJUSTMENT: Record<TargetBody, number> = {
  Bulk: 0.15,
  'Lean Bulk': 0.1,
  Maintain: 0,
  Lean: -0.1,
  Cutting: -0.2,
};

export const PROTEIN_GRAMS_PER_KG: Record<TargetBody, number> = {
  Bulk: 1.8,
  'Lean Bulk': 2.0,
  Maintain: 1.6,
  Lean: 2.0,
  Cutting: 2.2,
};

export const MIN_DAILY_CALORIES = 1200;
export const FAT_CALORIE_SHARE = 0.25;
/**
 * g/kg alone asks heavy or small members on low calories for more protein than a meal plan can hold:
 * a quarter of the day's energy is what vegan and vegetarian Indian dishes (IFCT 2017) can carry.
 */
export const MAX_PROTEIN_CALORIE_SHARE = 0.25;

const SEX_CONSTANT: Record<Sex, number> = { male: 5, female: -161 };
/** Midpoint of the two Mifflin–St Jeor constants when sex is unknown. */
const UNKNOWN_SEX_CONSTANT = (SEX_CONSTANT.male + SEX_CONSTANT.female) / 2;

export function basalMetabolicRate({ height, weight, age, sex }: BodyStats): number {
  return 10 * weight + 6.25 * height - 5 * age + (sex ? SEX_CONSTANT[sex] : UNKNOWN_SEX_CONSTANT);
}

export function nutritionTargets(body: BodyStats, goal: TargetBody): NutritionTargets {
  const maintenance =
    basalMetabolicRate(body) * ACTIVITY_FACTORS[body.activity ?? DEFAULT_ACTIVITY_LEVEL];
  const calories = Math.max(
    MIN_DAILY_CALORIES,
    Math.round(maintenance * (1 + GOAL_CALORIE_ADJUSTMENT[goal])),
  );
  const protein = Math.min(
    Math.round(PROTEIN_GRAMS_PER_KG[goal] * body.weight),
    Math.floor((calories * MAX_PROTEIN_CALORIE_SHARE) / 4),
  );
  const fat = Math.round((calories * FAT_CALORIE_SHARE) / 9);
  const carbs = Math.max(0, Math.round((calories - protein * 4 - fat * 9) / 4));
  return { calories, protein, carbs, fat };
}

/** Adequate fibre for a day's calories: 14 g per 1,000 kcal (the Institute of Medicine's adequate intake). */
export function dailyFibreTarget(dailyCalories: number): number {
  return Math.round((dailyCalories * 14) / 1000);
}

/** A day is on target for calories within ±5 %. */
export const CALORIE_TOLERANCE = 0.05;
/** Carbohydrate and fat are on target within ±15 % of their day's targets. */
export const MACRO_TOLERANCE = 0.15;
/** Protein may go up to a quarter above its target before a day counts as over. */
export const PROTEIN_CAP_FACTOR = 1.25;
/** Fibre is met from 90 % of its target (more is never too much). */
export const FIBRE_FLOOR = 0.9;

export type DayNutrient = 'calories' | 'protein' | 'carbs' | 'fat' | 'fibre';

/** The range a day's total of each nutrient must land in (docs/nutrition.md#targets-and-bounds). */
export type DayTargetBounds = Record<DayNutrient, { min: number; max: number }>;

export function dayTargetBounds(targets: NutritionTargets): DayTargetBounds {
  return {
    calories: {
      min: targets.calories * (1 - CALORIE_TOLERANCE),
      max: targets.calories * (1 + CALORIE_TOLERANCE),
    },
    protein: { min: targets.protein, max: targets.protein * PROTEIN_CAP_FACTOR },
    carbs: {
      min: targets.carbs * (1 - MACRO_TOLERANCE),
      max: targets.carbs * (1 + MACRO_TOLERANCE),
    },
    fat: { min: targets.fat * (1 - MACRO_TOLERANCE), max: targets.fat * (1 + MACRO_TOLERANCE) },
    fibre: { min: dailyFibreTarget(targets.calories) * FIBRE_FLOOR, max: Infinity },
  };
}

/** Where a day's total lies against its bounds. */
export type TargetMark = 'on target' | 'over' | 'under';

export function targetMark(total: number, bound: { min: number; max: number }): TargetMark {
  if (total < bound.min) return 'under';
  if (total > bound.max) return 'over';
  return 'on target';
}

/** Calories per meal from the day's target (breakfast 30%, lunch 40%, dinner 30%). */
export function mealCalorieTargets(dailyCalories: number): Record<MealSlot, number> {
  const perSlot = {} as Record<MealSlot, number>;
  for (const slot of MEAL_SLOTS)
    perSlot[slot] = Math.round(dailyCalories * MEAL_CALORIE_SHARE[slot]);
  return perSlot;
}
