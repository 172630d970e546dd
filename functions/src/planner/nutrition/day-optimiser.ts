import type { MealSlot } from '@domain/constants';
import type { Dish, Nutrients } from '../dish-catalogue';
import type { LinearModel, LpSolver } from './lp-solver';
import { PORTION_LIMITS, PORTION_STEP, type PortionedDish } from './meal-portions';

export const NUTRIENT_KEYS = ['kcal', 'protein', 'carbs', 'fat', 'fibre'] as const;
export type NutrientKey = (typeof NUTRIENT_KEYS)[number];

/** What a day must hold of one nutrient: at least `min`, at most `max` (Infinity: no upper bound). */
export interface NutrientBound {
  min: number;
  max: number;
}

export type DayBounds = Record<NutrientKey, NutrientBound>;

/** One open meal of the day: its main dish and the sides it may take. */
export interface SlotOptions {
  slot: MealSlot;
  main: Dish;
  sides: readonly Dish[];
  /** The slot's share of the open calories; a soft aim, so breakfast stays a breakfast. */
  kcal: number;
}

export interface DayProblem {
  slots: readonly SlotOptions[];
  /** The bounds for the open meals together (fixed meals already taken off). */
  bounds: DayBounds;
}

export interface DaySolution {
  meals: Partial<Record<MealSlot, PortionedDish[]>>;
  totals: Nutrients;
}

/**
 * The solver aims inside the bounds by these margins, so rounding portions to steps of 0.05 afterwards
 * does not push a day out of them.
 */
const AIM_MARGIN: Record<NutrientKey, number> = {
  kcal: 0.012,
  protein: 0.015,
  carbs: 0.025,
  fat: 0.025,
  fibre: 0.03,
};
/** Cost of a relative unit (100 %) of deviation: inside the bounds towards the middle, and outside them. */
const INSIDE_COST = 1;
const OUTSIDE_COST = 1000;
/** Sides cost a little per serving, so a meal takes no more of them than the targets call for. */
const SIDE_COST = 0.03;
const MEAL_SHARE_BAND = 0.3;
const MEAL_SHARE_COST = 0.5;
/** Below this, a side the first solve wants is dropped rather than raised to half a serving. */
const SIDE_KEPT_FROM = 0.2;

function middle({ min, max }: NutrientBound): number {
  return Number.isFinite(max) ? (min + max) / 2 : min;
}

interface Column {
  dish: Dish;
  slot: MealSlot;
  course: Dish['course'];
  /** 0: a side the solver may leave out; 0.5: served. */
  min: number;
}

/** Builds the linear programme column by column; `add` returns the new column's index. */
class ModelBuilder {
  readonly model: LinearModel = { columns: [], rows: [] };

  add(cost: number, lower: number, upper: number): number {
    this.model.columns.push({ cost, lower, upper });
    return this.model.columns.length - 1;
  }

  row(entries: [number, number][], lower: number, upper: number): void {
    this.model.rows.push({ entries, lower, upper });
  }
}

/** One day's part of the programme; returns the index of each of its columns. */
function addDay(builder: ModelBuilder, problem: DayProblem, columns: readonly Column[]): number[] {
  const indices = columns.map((column) =>
    builder.add(column.course === 'side' ? SIDE_COST : 0, column.min, PORTION_LIMITS.max),
  );
  for (const options of problem.slots) {
    // A meal near its share of the day's calories, softly: energy + under − over within the band.
    const energy: [number, number][] = [];
    columns.forEach((column, index) => {
      if (column.slot === options.slot) energy.push([indices[index], column.dish.kcal]);
    });
    const cost = MEAL_SHARE_COST / options.kcal;
    const under = builder.add(cost, 0, Infinity);
    const over = builder.add(cost, 0, Infinity);
    builder.row(
      [...energy, [under, 1], [over, -1]],
      options.kcal * (1 - MEAL_SHARE_BAND),
      options.kcal * (1 + MEAL_SHARE_BAND),
    );
  }
  for (const key of NUTRIENT_KEYS) {
    const bound = problem.bounds[key];
    const scale = Math.max(middle(bound), 1);
    const margin = AIM_MARGIN[key] * scale;
    const low = bound.min + margin;
    const high = Number.isFinite(bound.max) ? Math.max(low, bound.max - margin) : Infinity;
    const aim = middle({ min: low, max: high });
    // amount − over + under = aim, with the parts inside the bounds cheap and the rest steep;
    // fibre has no upper bound, so more of it costs nothing.
    const overInside = builder.add(INSIDE_COST / scale, 0, high - aim);
    const overOutside = builder.add(Number.isFinite(high) ? OUTSIDE_COST / scale : 0, 0, Infinity);
    const underInside = builder.add(INSIDE_COST / scale, 0, aim - low);
    const underOutside = builder.add(OUTSIDE_COST / scale, 0, Infinity);
    builder.row(
      [
        ...columns.map((column, index): [number, number] => [indices[index], column.dish[key]]),
        [overInside, -1],
        [overOutside, -1],
        [underInside, 1],
        [underOutside, 1],
      ],
      aim,
      aim,
    );
  }
  return indices;
}

/** The portion of every column of every day, or an error when the solver fails. */
function solvePortions(
  problems: readonly DayProblem[],
  columns: readonly (readonly Column[])[],
  solve: LpSolver,
): number[][] {
  const builder = new ModelBuilder();
  const indices = problems.map((problem, day) => addDay(builder, problem, columns[day]));
  const outcome = solve(builder.model);
  if (outcome.status !== 'optimal')
    throw new Error(`The meal-plan solver found no plan: ${outcome.reason}`);
  return indices.map((day) => day.map((index) => outcome.values[index]));
}

/**
 * Portions of each day's main dishes and of the sides it needs, 0.5–1.5 × a serving, so each day's
 * kcal, protein, carbs, fat and fibre land within their bounds (docs/nutrition.md#how-plans-are-chosen).
 * Two linear programmes over all the days at once (the days are independent; one model saves the
 * solver's set-up per day): the first lets every offered side range from none to 1.5 ×, the second
 * serves the sides the first wanted at 0.5–1.5 ×. Every bound is soft at a steep cost, so the solver
 * always answers with the nearest day when the dishes offered cannot meet one.
 */
export function solveDays(problems: readonly DayProblem[], solve: LpSolver): DaySolution[] {
  const offered = problems.map((problem) =>
    problem.slots.flatMap((options): Column[] => [
      { dish: options.main, slot: options.slot, course: 'main', min: PORTION_LIMITS.min },
      ...options.sides.map((dish): Column => ({
        dish,
        slot: options.slot,
        course: 'side',
        min: 0,
      })),
    ]),
  );
  const wanted = solvePortions(problems, offered, solve);
  const served = offered.map((columns, day) =>
    columns
      .filter((column, index) => column.course === 'main' || wanted[day][index] >= SIDE_KEPT_FROM)
      .map((column) => ({ ...column, min: PORTION_LIMITS.min })),
  );
  const portions = solvePortions(problems, served, solve);
  return problems.map((problem, day) => {
    const meals: DaySolution['meals'] = {};
    for (const { slot } of problem.slots)
      meals[slot] = served[day].flatMap((column, index) =>
        column.slot === slot ? [{ dish: column.dish, portion: portions[day][index] }] : [],
      );
    return roundPortions(meals, problem.bounds);
  });
}

export function totalsOf(items: readonly PortionedDish[]): Nutrients {
  const total: Nutrients = { kcal: 0, protein: 0, carbs: 0, fat: 0, fibre: 0 };
  for (const { dish, portion } of items)
    for (const key of NUTRIENT_KEYS) total[key] += dish[key] * portion;
  return total;
}

/** How far outside its bounds each nutrient lies, relative to the bound (0 when inside). */
export function misses(totals: Nutrients, bounds: DayBounds): Record<NutrientKey, number> {
  const result = {} as Record<NutrientKey, number>;
  for (const key of NUTRIENT_KEYS) {
    const { min, max } = bounds[key];
    result[key] =
      totals[key] < min
        ? (min - totals[key]) / Math.max(min, 1)
        : totals[key] > max
          ? (totals[key] - max) / Math.max(max, 1)
          : 0;
  }
  return result;
}

const totalMiss = (totals: Nutrients, bounds: DayBounds) =>
  Object.values(misses(totals, bounds)).reduce((sum, value) => sum + value, 0);

const stepped = (portion: number) =>
  Math.round(
    Math.min(
      PORTION_LIMITS.max,
      Math.max(PORTION_LIMITS.min, Math.round(portion / PORTION_STEP) * PORTION_STEP),
    ) * 100,
  ) / 100;

/**
 * Portions rounded to steps of 0.05; if rounding pushed the day out of a bound, single steps up or down
 * are taken while they bring it back.
 */
function roundPortions(meals: DaySolution['meals'], bounds: DayBounds): DaySolution {
  const items = Object.values(meals).flatMap((list) => list ?? []);
  for (const item of items) item.portion = stepped(item.portion);
  let totals = totalsOf(items);
  let miss = totalMiss(totals, bounds);
  for (let round = 0; miss > 0 && round < 12; round++) {
    let best: { item: PortionedDish; portion: number; miss: number } | undefined;
    for (const item of items)
      for (const change of [-PORTION_STEP, PORTION_STEP]) {
        const portion = stepped(item.portion + change);
        if (portion === item.portion) continue;
        const previous = item.portion;
        item.portion = portion;
        const candidate = totalMiss(totalsOf(items), bounds);
        item.portion = previous;
        if (candidate < (best?.miss ?? miss)) best = { item, portion, miss: candidate };
      }
    if (!best) break;
    best.item.portion = best.portion;
    miss = best.miss;
  }
  totals = totalsOf(items);
  return { meals, totals };
}
