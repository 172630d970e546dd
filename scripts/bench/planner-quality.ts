/**
 * How well the built-in planner meets its promises over many random members (docs/nutrition.md):
 * each day near the calorie target, protein target met, the diet respected as judged from the IFCT
 * food groups on the plate, no main dish twice in one plan, every portion 0.5–1.5 × its serving.
 */
import { MEAL_SLOTS, type Preference } from '../../src/domain/constants';
import { EXCLUDED_BY_PREFERENCE, dietaryContentOf } from '../../src/domain/nutrition/diet';
import { PORTION_LIMITS } from '../../src/domain/nutrition/meal-portions';
import { planMeals, type PlannedMeal } from '../../src/domain/meal-planner';
import { nutritionTargets } from '../../src/domain/nutrition-targets';
import { randomProfiles } from './random-profiles';

export interface PlannerQuality {
  profiles: number;
  days: number;
  /** Share (0–1) of days whose calories are within ±5% of the target. */
  caloriesWithin5Percent: number;
  /** Share (0–1) of days reaching the protein target. */
  proteinMet: number;
  /** Ingredients outside the member's diet (by IFCT food group), or missing meals. */
  dietViolations: number;
  /** Main dishes served more than once within one plan. */
  repeatedDishes: number;
  /** Dishes (mains and sides) served outside 0.5–1.5 × their standard serving. */
  portionsOutOfRange: number;
  sidesPerMeal: number;
  meanPlanMs: number;
}

function violations(meal: PlannedMeal, preference: Preference): number {
  const excluded = EXCLUDED_BY_PREFERENCE[preference];
  return meal.ingredients.filter(({ code, group }) => {
    const content = dietaryContentOf(code, group);
    return content !== undefined && excluded.includes(content);
  }).length;
}

export function measurePlannerQuality(profileCount = 1_000): PlannerQuality {
  let days = 0;
  let meals = 0;
  let sides = 0;
  let caloriesNear = 0;
  let proteinMet = 0;
  let dietViolations = 0;
  let repeatedDishes = 0;
  let portionsOutOfRange = 0;
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
        if (!meal) {
          dietViolations++;
          continue;
        }
        dietViolations += violations(meal, profile.preference);
        if (served.has(meal.dishId)) repeatedDishes++;
        served.add(meal.dishId);
        for (const portion of [meal.portion, ...meal.sides.map((side) => side.portion)])
          if (portion < PORTION_LIMITS.min || portion > PORTION_LIMITS.max) portionsOutOfRange++;
        meals++;
        sides += meal.sides.length;
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
    portionsOutOfRange,
    sidesPerMeal: sides / meals,
    meanPlanMs: planningMs / profileCount,
  };
}
