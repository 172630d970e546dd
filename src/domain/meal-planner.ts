import { MEAL_SLOTS, type MealSlot, type Preference } from './constants';
import { DISH_CATALOGUE, dishFitsPreference, type Dish } from './dish-catalogue';
import { mealCalorieTargets, type NutritionTargets } from './nutrition-targets';
import { seededRandom, shuffled } from './seeded-random';

export interface PlannedMeal {
  name: string;
  calories: number;
  protein: number;
  carbs: number;
  fat: number;
  details: string;
  img: string;
}

export type PlannedDay = Record<MealSlot, PlannedMeal>;

/** A meal that must stay as it is (already proved), with what it contributes to its day. */
export interface FixedMeal {
  dayNumber: number;
  slot: MealSlot;
  name: string;
  protein: number;
}

export interface PlanRequest {
  targets: NutritionTargets;
  days: number;
  preference: Preference;
  seed: string;
  fixedMeals?: readonly FixedMeal[];
}

/** Index 0 is Day1. A fixed meal's slot is left undefined for the caller to keep. */
export type MealPlan = Array<Partial<PlannedDay>>;

interface Candidate {
  dish: Dish;
  /** Protein grams per kcal, the only thing that matters once portions are scaled to a calorie target. */
  density: number;
}

/** Rounding each meal's protein to 0.1 g can lose up to 0.05 g per meal. */
const PROTEIN_ROUNDING_MARGIN = 0.15;

function buildCandidateIndex(): Record<Preference, Record<MealSlot, Candidate[]>> {
  const index = {} as Record<Preference, Record<MealSlot, Candidate[]>>;
  for (const preference of ['veg', 'nonveg', 'vegan'] as const) {
    index[preference] = { breakfast: [], lunch: [], dinner: [] };
    for (const dish of DISH_CATALOGUE) {
      if (!dishFitsPreference(dish, preference)) continue;
      for (const slot of dish.slots)
        index[preference][slot].push({ dish, density: dish.protein / dish.kcal });
    }
  }
  return index;
}

const CANDIDATES = buildCandidateIndex();

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

export function scaleDish(dish: Dish, calories: number): PlannedMeal {
  const portions = calories / dish.kcal;
  return {
    name: dish.name,
    calories,
    protein: round1(dish.protein * portions),
    carbs: round1(dish.carbs * portions),
    fat: round1(dish.fat * portions),
    details: `${dish.details} Portion: ${portions.toFixed(1)} × standard serving.`,
    img: dish.image,
  };
}

/**
 * Picks one unused dish per open slot so that, with every portion scaled to its slot's calorie target,
 * the day reaches its protein target. Slots are searched in a seeded random order, so the first feasible
 * combination is both varied and deterministic; if none reaches the target, the richest one is used.
 */
function pickDay(
  openSlots: MealSlot[],
  slotCalories: Record<MealSlot, number>,
  proteinNeeded: number,
  options: Record<MealSlot, Candidate[]>,
  used: Set<string>,
): Map<MealSlot, Dish> {
  const chosen = new Map<MealSlot, Dish>();
  const best = { protein: -Infinity, picks: new Map<MealSlot, Dish>() };
  const bestRemaining = openSlots.map((_, i) =>
    openSlots
      .slice(i)
      .reduce(
        (sum, slot) => sum + slotCalories[slot] * Math.max(...options[slot].map((c) => c.density)),
        0,
      ),
  );

  const search = (depth: number, protein: number): boolean => {
    if (depth === openSlots.length) {
      if (protein > best.protein) Object.assign(best, { protein, picks: new Map(chosen) });
      return protein >= proteinNeeded;
    }
    if (
      protein + bestRemaining[depth] < proteinNeeded &&
      best.protein >= protein + bestRemaining[depth]
    )
      return false;
    const slot = openSlots[depth];
    for (const candidate of options[slot]) {
      if (used.has(candidate.dish.id)) continue;
      used.add(candidate.dish.id);
      chosen.set(slot, candidate.dish);
      const found = search(depth + 1, protein + candidate.density * slotCalories[slot]);
      used.delete(candidate.dish.id);
      if (found) return true;
    }
    chosen.delete(slot);
    return false;
  };

  search(0, 0);
  for (const dish of best.picks.values()) used.add(dish.id);
  return best.picks;
}

/**
 * The built-in planner: breakfast, lunch and dinner per day from the dish catalogue, portions scaled to
 * 30/40/30% of the day's calories, protein target met, preference respected, no dish twice in a plan.
 */
export function planMeals({
  targets,
  days,
  preference,
  seed,
  fixedMeals = [],
}: PlanRequest): MealPlan {
  const random = seededRandom(seed);
  const slotCalories = mealCalorieTargets(targets.calories);
  const used = new Set<string>();
  for (const fixed of fixedMeals) {
    const dish = DISH_CATALOGUE.find((candidate) => candidate.name === fixed.name);
    if (dish) used.add(dish.id);
  }

  const plan: MealPlan = [];
  for (let dayNumber = 1; dayNumber <= days; dayNumber++) {
    const fixedToday = fixedMeals.filter((meal) => meal.dayNumber === dayNumber);
    const openSlots = MEAL_SLOTS.filter((slot) => !fixedToday.some((meal) => meal.slot === slot));
    const fixedProtein = fixedToday.reduce((sum, meal) => sum + meal.protein, 0);
    const options = {} as Record<MealSlot, Candidate[]>;
    for (const slot of openSlots) options[slot] = shuffled(CANDIDATES[preference][slot], random);

    const picks = pickDay(
      openSlots,
      slotCalories,
      targets.protein - fixedProtein + PROTEIN_ROUNDING_MARGIN,
      options,
      used,
    );
    const day: Partial<PlannedDay> = {};
    for (const [slot, dish] of picks) day[slot] = scaleDish(dish, slotCalories[slot]);
    plan.push(day);
  }
  return plan;
}
