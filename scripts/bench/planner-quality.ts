/**
 * How well the built-in planner meets its promises over many random members:
 * each day near the calorie target, protein target met, the diet respected,
 * no dish twice in one plan.
 */
import { MEAL_SLOTS } from '../../src/domain/constants';
import { dishFitsPreference, findDishByName } from '../../src/domain/dish-catalogue';
import { planMeals } from '../../src/domain/meal-planner';
import { nutritionTargets } from '../../src/domain/nutrition-targets';
import { randomProfiles } from './random-profiles';

export interface PlannerQuality {
  profiles: number;
  days: number;
  /** Share (0–1) of days whose calories are within ±5% of the target. */
  caloriesWithin5Percent: number;
  /** Share (0–1) of days reaching the protein target. */
  proteinMet: number;
  /** Meals outside the member's diet, unknown to the catalogue, or missing. */
  dietViolations: number;
  /** Dishes served more than once within one plan. */
  repeatedDishes: number;
  meanPlanMs: number;
}

export function measurePlannerQuality(profileCount = 1_000): PlannerQuality {
  let days = 0;
  let caloriesNear = 0;
  let proteinMet = 0;
  let dietViolations = 0;
  let repeatedDishes = 0;
  let planningMs = 0;

  randomProfiles(profileCount).forEach((profile, index) => {
    const targets = nutritionTargets(profile.body, profile.goal);
    const started = performance.now();
    const plan = planMeals({
      targets,
      days: profile.days,
      preference: profile.preference,
      seed: `quality-${index}`,
    });
    planningMs += performance.now() - started;
    const served = new Set<string>();
    for (let dayIndex = 0; dayIndex < profile.days; dayIndex++) {
      const day = plan[dayIndex] ?? {};
      days++;
      let calories = 0;
      let protein = 0;
      for (const slot of MEAL_SLOTS) {
        const meal = day[slot];
        const dish = meal && findDishByName(meal.name);
        if (!meal || !dish || !dishFitsPreference(dish, profile.preference)) dietViolations++;
        if (!meal) continue;
        if (served.has(meal.name)) repeatedDishes++;
        served.add(meal.name);
        calories += meal.calories;
        protein += meal.protein;
      }
      if (Math.abs(calories - targets.calories) <= targets.calories * 0.05) caloriesNear++;
      if (protein >= targets.protein) proteinMet++;
    }
  });

  return {
    profiles: profileCount,
    days,
    caloriesWithin5Percent: caloriesNear / days,
    proteinMet: proteinMet / days,
    dietViolations,
    repeatedDishes,
    meanPlanMs: planningMs / profileCount,
  };
}
