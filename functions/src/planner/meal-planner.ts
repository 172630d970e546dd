import { MEAL_SLOTS, type MealSlot, type Preference } from '@domain/constants';
import {
  DISH_CATALOGUE,
  dishFitsPreference,
  findDishByName,
  nutrientsOf,
  type Dish,
  type Nutrients,
} from './dish-catalogue';
import {
  misses,
  NUTRIENT_KEYS,
  solveDays,
  type DayBounds,
  type DayProblem,
  type DaySolution,
  type NutrientKey,
} from './nutrition/day-optimiser';
import type { LpSolver } from './nutrition/lp-solver';
import type { PortionedDish } from './nutrition/meal-portions';
import {
  dayTargetBounds,
  mealCalorieTargets,
  type DayNutrient,
  type NutritionTargets,
} from '@domain/nutrition/nutrition-targets';
import type {
  DayShortfall,
  PlannedIngredient,
  PlannedSide,
} from '@domain/challenges/challenge-record';
import { dayKey } from '@domain/challenges/meal-schedule';
import { seededRandom, shuffled, type RandomSource } from './seeded-random';

export interface PlannedMeal {
  name: string;
  /** Whole meal (main dish and sides). */
  calories: number;
  protein: number;
  carbs: number;
  fat: number;
  fibre: number;
  details: string;
  img: string;
  /** The catalogue dish the meal is named after. */
  dishId: string;
  portion: number;
  serving: string;
  sides: PlannedSide[];
  ingredients: PlannedIngredient[];
}

export type PlannedDay = Record<MealSlot, PlannedMeal>;

/** A meal that must stay as it is (already proved), with what it contributes to its day. */
export interface FixedMeal {
  dayNumber: number;
  slot: MealSlot;
  name: string;
  protein: number;
  /** Each of these is the slot's share of the day's target when unknown (older records). */
  calories?: number;
  carbs?: number;
  fat?: number;
  fibre?: number;
}

export interface PlanRequest {
  targets: NutritionTargets;
  days: number;
  preference: Preference;
  seed: string;
  fixedMeals?: readonly FixedMeal[];
}

/** One day of a plan; `shortfalls` lists the targets it cannot meet (absent when it meets them all). */
export type PlanDay = Partial<PlannedDay> & { shortfalls?: DayShortfall[] };

/** Index 0 is Day1. A fixed meal's slot is left undefined for the caller to keep. */
export type MealPlan = PlanDay[];

/** Main dishes for one day's open slots, e.g. chosen by an LLM and mapped onto the catalogue. */
export type DayMains = Partial<Record<MealSlot, Dish>>;

function candidateIndex(course: Dish['course']) {
  const index = {} as Record<Preference, Record<MealSlot, Dish[]>>;
  for (const preference of ['veg', 'nonveg', 'vegan'] as const) {
    index[preference] = { breakfast: [], lunch: [], dinner: [] };
    for (const dish of DISH_CATALOGUE) {
      if (dish.course !== course || !dishFitsPreference(dish, preference)) continue;
      for (const slot of dish.slots) index[preference][slot].push(dish);
    }
  }
  return index;
}

const MAINS = candidateIndex('main');
const SIDES_OF_DIET = {} as Record<Preference, Dish[]>;
for (const preference of ['veg', 'nonveg', 'vegan'] as const)
  SIDES_OF_DIET[preference] = DISH_CATALOGUE.filter(
    (dish) => dish.course === 'side' && dishFitsPreference(dish, preference),
  );

const round1 = (value: number) => Math.round(value * 10) / 10;
const times = (portion: number) => `${portion.toFixed(2).replace(/\.?0+$/, '')} ×`;

function ingredientsOf(items: readonly PortionedDish[]): PlannedIngredient[] {
  const merged = new Map<string, PlannedIngredient>();
  for (const { dish, portion } of items)
    for (const { code, label, group, grams } of dish.ingredients) {
      const entry = merged.get(label) ?? { code, label, group, grams: 0 };
      entry.grams += grams * portion;
      merged.set(label, entry);
    }
  return [...merged.values()].map((entry) => ({ ...entry, grams: Math.round(entry.grams) }));
}

/** The stored meal: nutrition from the member's portions of each dish's IFCT ingredients. */
export function plannedMeal(items: readonly PortionedDish[]): PlannedMeal {
  const [{ dish: main, portion }, ...sides] = items;
  const nutrients = nutrientsOf(
    items.flatMap(({ dish, portion: scale }) =>
      dish.ingredients.map(({ code, grams }) => ({ code, grams: grams * scale })),
    ),
  );
  const withSides = sides.length
    ? ` With ${sides.map(({ dish, portion: scale }) => `${dish.name.toLowerCase()} (${times(scale)} ${dish.serving})`).join(', ')}.`
    : '';
  return {
    name: main.name,
    calories: Math.round(nutrients.kcal),
    protein: round1(nutrients.protein),
    carbs: round1(nutrients.carbs),
    fat: round1(nutrients.fat),
    fibre: round1(nutrients.fibre),
    details: `${main.details} Portion: ${times(portion)} ${main.serving}.${withSides}`,
    img: main.image,
    dishId: main.id,
    portion,
    serving: main.serving,
    sides: sides.map(({ dish, portion: scale }) => ({
      dishId: dish.id,
      name: dish.name,
      portion: scale,
      serving: dish.serving,
    })),
    ingredients: ingredientsOf(items),
  };
}

const NUTRIENT_OF: Record<NutrientKey, DayNutrient> = {
  kcal: 'calories',
  protein: 'protein',
  carbs: 'carbs',
  fat: 'fat',
  fibre: 'fibre',
};
const KEY_OF: Record<DayNutrient, NutrientKey> = {
  calories: 'kcal',
  protein: 'protein',
  carbs: 'carbs',
  fat: 'fat',
  fibre: 'fibre',
};

/** The whole day's bounds in the optimiser's terms. */
function fullDayBounds(targets: NutritionTargets): DayBounds {
  const bounds = dayTargetBounds(targets);
  const result = {} as DayBounds;
  for (const nutrient of Object.keys(KEY_OF) as DayNutrient[])
    result[KEY_OF[nutrient]] = bounds[nutrient];
  return result;
}

/** What the fixed meals of a day hold; a value an older record lacks counts as the slot's share. */
function fixedTotals(targets: NutritionTargets, fixed: readonly FixedMeal[]): Nutrients {
  const shares = mealCalorieTargets(targets.calories);
  const fibre = fullDayBounds(targets).fibre.min;
  const total: Nutrients = { kcal: 0, protein: 0, carbs: 0, fat: 0, fibre: 0 };
  for (const meal of fixed) {
    const share = shares[meal.slot] / Math.max(targets.calories, 1);
    total.kcal += meal.calories ?? shares[meal.slot];
    total.protein += meal.protein;
    total.carbs += meal.carbs ?? targets.carbs * share;
    total.fat += meal.fat ?? targets.fat * share;
    total.fibre += meal.fibre ?? fibre * share;
  }
  return total;
}

function openBounds(day: DayBounds, fixed: Nutrients): DayBounds {
  const result = {} as DayBounds;
  for (const key of NUTRIENT_KEYS)
    result[key] = { min: Math.max(0, day[key].min - fixed[key]), max: day[key].max - fixed[key] };
  return result;
}

const addUp = (a: Nutrients, b: Nutrients): Nutrients => ({
  kcal: a.kcal + b.kcal,
  protein: a.protein + b.protein,
  carbs: a.carbs + b.carbs,
  fat: a.fat + b.fat,
  fibre: a.fibre + b.fibre,
});

const missSum = (totals: Nutrients, bounds: DayBounds) =>
  Object.values(misses(totals, bounds)).reduce((sum, value) => sum + value, 0);

/** Above this many open calories a day, a side may be served at two of its meals. */
const LARGE_DAY_KCAL = 3500;

/** One day being planned: what is fixed, what is open, and the dishes offered to the solver. */
interface DayDraft {
  preference: Preference;
  bounds: DayBounds;
  fixed: Nutrients;
  hasFixed: boolean;
  problem: DayProblem;
  /** Given mains (an LLM's) are kept; others may be changed when the day misses a bound. */
  mainsGiven: boolean;
}

function draftDay(
  targets: NutritionTargets,
  preference: Preference,
  fixed: readonly FixedMeal[],
  random: RandomSource,
  mainOf: (slot: MealSlot) => Dish,
  mainsGiven: boolean,
): DayDraft {
  const shares = mealCalorieTargets(targets.calories);
  const open = MEAL_SLOTS.filter((slot) => !fixed.some((meal) => meal.slot === slot));
  const bounds = fullDayBounds(targets);
  const fixedAmounts = fixedTotals(targets, fixed);
  const openShare = open.reduce((sum, slot) => sum + shares[slot], 0);
  const openKcal = Math.max(targets.calories - fixedAmounts.kcal, 1);
  // Each side is offered to one meal of the day (a seeded pick among those it suits), so none is
  // served twice in a day; a very large day needs the volume, and may serve a side at two meals.
  const sidesOf = new Map<MealSlot, Dish[]>(open.map((slot) => [slot, []]));
  const mealsPerSide = openKcal > LARGE_DAY_KCAL ? 2 : 1;
  for (const side of SIDES_OF_DIET[preference]) {
    const suits = shuffled(
      side.slots.filter((slot) => sidesOf.has(slot)),
      random,
    );
    for (const slot of suits.slice(0, mealsPerSide)) sidesOf.get(slot)!.push(side);
  }
  return {
    preference,
    bounds,
    fixed: fixedAmounts,
    hasFixed: fixed.length > 0,
    mainsGiven,
    problem: {
      bounds: openBounds(bounds, fixedAmounts),
      slots: open.map((slot) => ({
        slot,
        main: mainOf(slot),
        sides: sidesOf.get(slot)!,
        kcal: (openKcal * shares[slot]) / Math.max(openShare, 1),
      })),
    },
  };
}

/** How well a main dish suits what the day missed: its energy shares against the day's aims. */
function suitability(
  dish: Dish,
  missed: Record<NutrientKey, number>,
  totals: Nutrients,
  bounds: DayBounds,
) {
  let score = 0;
  for (const key of NUTRIENT_KEYS) {
    if (key === 'kcal' || missed[key] <= 0) continue;
    const aim = bounds[key].min / Math.max(bounds.kcal.min, 1);
    const share = dish[key] / dish.kcal / Math.max(aim, 1e-6);
    score += totals[key] < bounds[key].min ? share : -share;
  }
  return score;
}

/** Fresh main dishes for a day that missed a bound: per slot, the unused ones that suit it best. */
function betterMains(
  draft: DayDraft,
  solution: DaySolution,
  used: ReadonlySet<string>,
  attempt: number,
): DayProblem {
  const totals = addUp(solution.totals, draft.fixed);
  const missed = misses(totals, draft.bounds);
  const taken = new Set(used);
  return {
    ...draft.problem,
    slots: draft.problem.slots.map((options) => {
      const ranked = MAINS[draft.preference][options.slot]
        .filter((dish) => !taken.has(dish.id))
        .map((dish) => ({ dish, score: suitability(dish, missed, totals, draft.bounds) }))
        .sort((a, b) => b.score - a.score);
      const main = ranked[Math.min(attempt, ranked.length - 1)]?.dish ?? options.main;
      taken.add(main.id);
      return { ...options, main };
    }),
  };
}

/** Why a day misses a bound its kept (proved, or not swapped) meals already break. */
export const FIXED_MEALS_TOO_MUCH =
  "The day's meals kept as they are (proved, or not swapped) already hold more than the whole day allows.";

/** Attempts with other main dishes for a day that misses a bound with its seeded ones. */
const RETRIES = 3;

function shortfallsOf(totals: Nutrients, draft: DayDraft): DayShortfall[] {
  const { bounds, fixed, hasFixed, preference } = draft;
  const missed = misses(totals, bounds);
  const shortfalls: DayShortfall[] = [];
  for (const key of NUTRIENT_KEYS) {
    if (missed[key] <= 0) continue;
    const direction = totals[key] < bounds[key].min ? 'under' : 'over';
    const bound = direction === 'under' ? bounds[key].min : bounds[key].max;
    const reason =
      direction === 'over' && fixed[key] > bounds[key].max
        ? FIXED_MEALS_TOO_MUCH
        : hasFixed
          ? `Around the day's meals kept as they are, no ${preference} dishes in the catalogue meet this together with the other targets.`
          : `No ${preference} dishes in the catalogue meet this together with the other targets.`;
    shortfalls.push({
      nutrient: NUTRIENT_OF[key],
      direction,
      total: Math.round(totals[key]),
      bound: Math.round(bound),
      reason,
    });
  }
  return shortfalls;
}

/**
 * Solves the drafted days together, re-tries a day that misses a bound with main dishes that suit
 * what it missed, and turns the portions into stored meals. `used` holds the plan's main dishes.
 */
function planDrafts(drafts: readonly DayDraft[], used: Set<string>, solve: LpSolver): PlanDay[] {
  const solutions = solveDays(
    drafts.map((draft) => draft.problem),
    solve,
  );
  return drafts.map((draft, index) => {
    let solution = solutions[index];
    let problem = draft.problem;
    const miss = (candidate: DaySolution) =>
      missSum(addUp(candidate.totals, draft.fixed), draft.bounds);
    for (let attempt = 0; !draft.mainsGiven && miss(solution) > 0 && attempt < RETRIES; attempt++) {
      for (const options of problem.slots) used.delete(options.main.id);
      const retried = betterMains(draft, solution, used, attempt);
      const [candidate] = solveDays([retried], solve);
      if (miss(candidate) < miss(solution)) {
        solution = candidate;
        problem = retried;
      }
      for (const options of problem.slots) used.add(options.main.id);
    }
    const day: PlanDay = {};
    const served = { ...draft.fixed };
    for (const { slot } of problem.slots) {
      const meal = plannedMeal(solution.meals[slot]!);
      day[slot] = meal;
      // Judged from the stored (rounded) meals, so the plan page's totals agree with the plan.
      served.kcal += meal.calories;
      for (const key of ['protein', 'carbs', 'fat', 'fibre'] as const) served[key] += meal[key];
    }
    const shortfalls = shortfallsOf(served, draft);
    if (shortfalls.length) day.shortfalls = shortfalls;
    return day;
  });
}

function usedMains(meals: readonly Pick<FixedMeal, 'name'>[]): Set<string> {
  const used = new Set<string>();
  for (const meal of meals) {
    const dish = findDishByName(meal.name);
    if (dish) used.add(dish.id);
  }
  return used;
}

/** The next main dish for a slot from a seeded order, none twice in a plan. */
function seededMains(preference: Preference, random: RandomSource, used: Set<string>) {
  const order = {} as Record<MealSlot, Dish[]>;
  for (const slot of MEAL_SLOTS) order[slot] = shuffled(MAINS[preference][slot], random);
  return (slot: MealSlot): Dish => {
    const dish = order[slot].find((candidate) => !used.has(candidate.id)) ?? order[slot][0];
    used.add(dish.id);
    return dish;
  };
}

/**
 * The built-in planner: per day a breakfast, lunch and dinner main dish from the catalogue (a seeded
 * order, none twice in a plan), with sides and drinks, each at 0.5–1.5 × its standard serving, portioned
 * by linear programming so the day's calories, protein, carbs, fat and fibre land within their bounds
 * (docs/nutrition.md#how-plans-are-chosen). Seeded, so a seed always gives the same plan. A day that
 * cannot meet a bound says which in `shortfalls`.
 */
export function planMeals(request: PlanRequest, solve: LpSolver): MealPlan {
  const random = seededRandom(request.seed);
  const fixedMeals = request.fixedMeals ?? [];
  const used = usedMains(fixedMeals);
  const nextMain = seededMains(request.preference, random, used);
  const drafts = Array.from({ length: request.days }, (_, index) =>
    draftDay(
      request.targets,
      request.preference,
      fixedMeals.filter((meal) => meal.dayNumber === index + 1),
      random,
      nextMain,
      false,
    ),
  );
  return planDrafts(drafts, used, solve);
}

/** A meal already in a plan, as far as re-planning one of its neighbours needs to know. */
export type PlacedMeal = FixedMeal & { calories: number };

export interface SwappedMeal {
  meal: PlannedMeal;
  /** The targets the day misses with the new meal (absent when it meets them all). */
  shortfalls?: DayShortfall[];
}

/**
 * Another dish for one meal of a plan: the day's other meals stay as they are, the day stays within its
 * bounds where it can, and no main dish already in the plan (the swapped one included) is used.
 */
export function swapMeal(
  request: Omit<PlanRequest, 'days' | 'fixedMeals'>,
  swapped: Pick<FixedMeal, 'dayNumber' | 'slot'>,
  plan: readonly PlacedMeal[],
  solve: LpSolver,
): SwappedMeal {
  const random = seededRandom(request.seed);
  const used = usedMains(plan);
  const fixed = plan.filter(
    (meal) => meal.dayNumber === swapped.dayNumber && meal.slot !== swapped.slot,
  );
  const draft = draftDay(
    request.targets,
    request.preference,
    fixed,
    random,
    seededMains(request.preference, random, used),
    false,
  );
  const [{ shortfalls, ...day }] = planDrafts([draft], used, solve);
  return { meal: day[swapped.slot]!, ...(shortfalls ? { shortfalls } : {}) };
}

/**
 * Portions and sides around given main dishes (one per open slot and day), for a plan chosen elsewhere
 * (an LLM); throws when a day cannot meet its bounds around them, so the caller can fall back.
 */
export function planAroundMains(
  request: PlanRequest,
  mains: readonly DayMains[],
  solve: LpSolver,
): MealPlan {
  const random = seededRandom(request.seed);
  const used = new Set<string>();
  const drafts = mains.map((dayMains, index) =>
    draftDay(
      request.targets,
      request.preference,
      (request.fixedMeals ?? []).filter((meal) => meal.dayNumber === index + 1),
      random,
      (slot) => {
        const dish = dayMains[slot];
        if (!dish) throw new Error(`day ${index + 1} has no ${slot}`);
        return dish;
      },
      true,
    ),
  );
  const plan = planDrafts(drafts, used, solve);
  plan.forEach((day, index) => {
    if (day.shortfalls)
      throw new Error(
        `day ${index + 1} misses ${day.shortfalls.map((entry) => entry.nutrient).join(', ')} around the chosen dishes`,
      );
  });
  return plan;
}

/** A plan's days that miss a target, by day key (Day1…), as the challenge stores them; undefined when none. */
export function planShortfalls(plan: MealPlan): Record<string, DayShortfall[]> | undefined {
  const result: Record<string, DayShortfall[]> = {};
  plan.forEach((day, index) => {
    if (day.shortfalls) result[dayKey(index + 1)] = day.shortfalls;
  });
  return Object.keys(result).length ? result : undefined;
}
