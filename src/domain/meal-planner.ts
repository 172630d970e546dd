import { MEAL_SLOTS, type MealSlot, type Preference } from '@/domain/constants';
import {
  DISH_CATALOGUE,
  dishFitsPreference,
  findDishByName,
  nutrientsOf,
  type Dish,
} from '@/domain/dish-catalogue';
import { fillMeal, type FillMode, type MealFill } from '@/domain/nutrition/meal-portions';
import { mealCalorieTargets, type NutritionTargets } from '@/domain/nutrition-targets';
import { seededRandom, shuffled, type RandomSource } from '@/domain/seeded-random';

/** A side dish or drink served with a meal. */
export interface PlannedSide {
  dishId: string;
  name: string;
  /** Multiple of the standard serving, 0.5–1.5. */
  portion: number;
  serving: string;
}

/** An ingredient of a meal, summed over its dishes, in raw grams for the member's portions. */
export interface PlannedIngredient {
  code: string;
  label: string;
  group: string;
  grams: number;
}

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
  /** Its calories; the slot's share of the day when unknown (older records). */
  calories?: number;
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

/** Main dishes for one day's open slots, e.g. chosen by an LLM and mapped onto the catalogue. */
export type DayMains = Partial<Record<MealSlot, Dish>>;

/** Portions are rounded to 0.05, which can cost a little protein; plan for a little more. */
const PROTEIN_MARGIN = 1.01;

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
const SIDES = candidateIndex('side');

const round1 = (value: number) => Math.round(value * 10) / 10;
const times = (portion: number) => `${portion.toFixed(2).replace(/\.?0+$/, '')} ×`;

function ingredientsOf({ items }: MealFill): PlannedIngredient[] {
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
export function plannedMeal(fill: MealFill): PlannedMeal {
  const [{ dish: main, portion }, ...sides] = fill.items;
  const nutrients = nutrientsOf(
    fill.items.flatMap(({ dish, portion: scale }) =>
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
    ingredients: ingredientsOf(fill),
  };
}

interface DayNeeds {
  slotCalories: Partial<Record<MealSlot, number>>;
  protein: number;
}

/** Fills each open slot around its main dish; sides are not repeated within the day. */
function fillDay(
  mains: DayMains,
  needs: DayNeeds,
  sides: Record<MealSlot, Dish[]>,
  mode: FillMode,
): { fills: Partial<Record<MealSlot, MealFill>>; protein: number } {
  const usedSides = new Set<string>();
  const fills: Partial<Record<MealSlot, MealFill>> = {};
  let protein = 0;
  for (const slot of MEAL_SLOTS) {
    const main = mains[slot];
    const calories = needs.slotCalories[slot];
    if (!main || calories === undefined) continue;
    // Protein-first days may serve a dense side at two meals; otherwise each side once a day.
    const offered =
      mode === 'protein' ? sides[slot] : sides[slot].filter((side) => !usedSides.has(side.id));
    const fill = fillMeal(main, offered, calories, mode);
    for (const item of fill.items.slice(1)) usedSides.add(item.dish.id);
    fills[slot] = fill;
    protein += fill.protein;
  }
  return { fills, protein };
}

function dayNeeds(request: PlanRequest, dayNumber: number): DayNeeds {
  const shares = mealCalorieTargets(request.targets.calories);
  const fixed = (request.fixedMeals ?? []).filter((meal) => meal.dayNumber === dayNumber);
  const open = MEAL_SLOTS.filter((slot) => !fixed.some((meal) => meal.slot === slot));
  const fixedCalories = fixed.reduce((sum, meal) => sum + (meal.calories ?? shares[meal.slot]), 0);
  const openShare = open.reduce((sum, slot) => sum + shares[slot], 0);
  const slotCalories: DayNeeds['slotCalories'] = {};
  for (const slot of open)
    slotCalories[slot] = ((request.targets.calories - fixedCalories) * shares[slot]) / openShare;
  const fixedProtein = fixed.reduce((sum, meal) => sum + meal.protein, 0);
  return { slotCalories, protein: (request.targets.protein - fixedProtein) * PROTEIN_MARGIN };
}

/**
 * Fills a day around given main dishes: natural portions if they meet the protein target, else
 * protein-first portions and sides. Returns undefined when even that falls short.
 */
function bestFill(mains: DayMains, needs: DayNeeds, sides: Record<MealSlot, Dish[]>) {
  const natural = fillDay(mains, needs, sides, 'natural');
  if (natural.protein >= needs.protein) return natural;
  const dense = fillDay(mains, needs, sides, 'protein');
  return dense.protein >= needs.protein ? dense : undefined;
}

/** Main dishes for the open slots: the first unused ones at or above a protein density. */
function pickMains(
  needs: DayNeeds,
  options: Record<MealSlot, Dish[]>,
  used: Set<string>,
  minDensity: number,
): DayMains {
  const mains: DayMains = {};
  for (const slot of MEAL_SLOTS) {
    if (needs.slotCalories[slot] === undefined) continue;
    const fresh = options[slot].filter((dish) => !used.has(dish.id));
    const dense = fresh.filter((dish) => dish.protein / dish.kcal >= minDensity);
    mains[slot] =
      dense[0] ?? fresh.reduce((a, b) => (b.protein / b.kcal > a.protein / a.kcal ? b : a));
    used.add(mains[slot].id);
  }
  return mains;
}

const DENSITY_STEPS = [0, 0.6, 0.8, 1, 1.2, 1.4, Infinity];

function planDay(
  request: PlanRequest,
  dayNumber: number,
  random: RandomSource,
  used: Set<string>,
): Partial<PlannedDay> {
  const needs = dayNeeds(request, dayNumber);
  const options = {} as Record<MealSlot, Dish[]>;
  const sides = {} as Record<MealSlot, Dish[]>;
  for (const slot of MEAL_SLOTS) {
    options[slot] = shuffled(MAINS[request.preference][slot], random);
    sides[slot] = shuffled(SIDES[request.preference][slot], random);
  }
  const openCalories = Object.values(needs.slotCalories).reduce((sum, kcal) => sum + kcal, 0);
  const needed = needs.protein / Math.max(openCalories, 1);
  let last: ReturnType<typeof fillDay> | undefined;
  for (const step of DENSITY_STEPS) {
    const tried = new Set(used);
    const mains = pickMains(needs, options, tried, needed * step);
    const fill = bestFill(mains, needs, sides);
    last = fill ?? fillDay(mains, needs, sides, 'protein');
    if (fill || step === Infinity) {
      for (const id of tried) used.add(id);
      break;
    }
  }
  const day: Partial<PlannedDay> = {};
  for (const slot of MEAL_SLOTS) {
    const fill = last?.fills[slot];
    if (fill) day[slot] = plannedMeal(fill);
  }
  return day;
}

/**
 * The built-in planner: per day a breakfast, lunch and dinner main dish from the catalogue, none twice in
 * a plan, each at 0.5–1.5 × its standard serving, with sides and drinks where the day's calories (30/40/30
 * per meal) or protein call for them. Seeded, so a seed always gives the same plan.
 */
export function planMeals(request: PlanRequest): MealPlan {
  const random = seededRandom(request.seed);
  const used = new Set<string>();
  for (const fixed of request.fixedMeals ?? []) {
    const dish = DISH_CATALOGUE.find((candidate) => candidate.name === fixed.name);
    if (dish) used.add(dish.id);
  }
  return Array.from({ length: request.days }, (_, index) =>
    planDay(request, index + 1, random, used),
  );
}

/** A meal already in a plan, as far as re-planning one of its neighbours needs to know. */
export type PlacedMeal = Required<FixedMeal>;

/**
 * Another dish for one meal of a plan: the day's other meals stay, the day stays within its calorie and
 * protein targets and the diet, and no main dish already in the plan (the swapped one included) is used.
 */
export function swapMeal(
  request: Omit<PlanRequest, 'days' | 'fixedMeals'>,
  swapped: Pick<FixedMeal, 'dayNumber' | 'slot'>,
  plan: readonly PlacedMeal[],
): PlannedMeal {
  const used = new Set<string>();
  for (const meal of plan) {
    const dish = findDishByName(meal.name);
    if (dish) used.add(dish.id);
  }
  const fixedMeals = plan.filter(
    (meal) => meal.dayNumber === swapped.dayNumber && meal.slot !== swapped.slot,
  );
  const day = planDay(
    { ...request, days: swapped.dayNumber, fixedMeals },
    swapped.dayNumber,
    seededRandom(request.seed),
    used,
  );
  return day[swapped.slot]!;
}

/**
 * Fills given main dishes (one per open slot and day) with portions and sides, for a plan chosen
 * elsewhere (an LLM); throws when a day cannot reach its protein target around them.
 */
export function planAroundMains(request: PlanRequest, mains: readonly DayMains[]): MealPlan {
  const random = seededRandom(request.seed);
  return mains.map((dayMains, index) => {
    const needs = dayNeeds(request, index + 1);
    const sides = {} as Record<MealSlot, Dish[]>;
    for (const slot of MEAL_SLOTS) sides[slot] = shuffled(SIDES[request.preference][slot], random);
    const fill = bestFill(dayMains, needs, sides);
    if (!fill)
      throw new Error(`day ${index + 1} cannot reach ${request.targets.protein} g protein`);
    const day: Partial<PlannedDay> = {};
    for (const slot of MEAL_SLOTS) {
      const slotFill = fill.fills[slot];
      if (slotFill) day[slot] = plannedMeal(slotFill);
    }
    return day;
  });
}
