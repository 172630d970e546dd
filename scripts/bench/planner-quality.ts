/**
 * How well the built-in planner meets its promises over many random members (docs/nutrition.md): per
 * day, the share within each bound (kcal ±5 %, protein from its target to its cap, carbs and fat ±15 %,
 * fibre ≥ 90 %) overall and by diet and goal; the diet respected as judged from the IFCT food groups on
 * the plate; no main dish twice in one plan; every portion 0.5–1.5 × its serving; and the time to plan
 * 7 days. Every profile is planned for 7 days, so the timing is of the longest plan a member can ask for.
 */
import {
  MEAL_SLOTS,
  PREFERENCES,
  TARGET_BODIES,
  type Preference,
  type TargetBody,
} from '@domain/constants';
import {
  EXCLUDED_BY_PREFERENCE,
  dietaryContentOf,
} from '../../functions/src/planner/nutrition/diet';
import { loadLpSolver } from '../../functions/src/planner/nutrition/lp-solver';
import { PORTION_LIMITS } from '../../functions/src/planner/nutrition/meal-portions';
import { planMeals, type PlannedMeal } from '../../functions/src/planner/meal-planner';
import {
  dayTargetBounds,
  nutritionTargets,
  type DayNutrient,
} from '@domain/nutrition/nutrition-targets';
import { budgets } from './budgets';
import { randomProfiles } from './random-profiles';
import { check, type Row } from './report';

export const DAY_NUTRIENTS: readonly DayNutrient[] = [
  'calories',
  'protein',
  'carbs',
  'fat',
  'fibre',
];

/** Shares (0–1) of days within each bound and within all of them. */
export interface BoundShares {
  days: number;
  every: number;
  within: Record<DayNutrient, number>;
}

export interface PlannerQuality {
  profiles: number;
  overall: BoundShares;
  /** By "diet · goal", e.g. "vegan · Cutting". */
  byGroup: Record<string, BoundShares>;
  /** Days whose plan says they cannot be met (`shortfalls`). */
  daysReportedUnmet: number;
  /** Ingredients outside the member's diet (by IFCT food group), or missing meals. */
  dietViolations: number;
  /** Main dishes served more than once within one plan. */
  repeatedDishes: number;
  /** Dishes (mains and sides) served outside 0.5–1.5 × their standard serving. */
  portionsOutOfRange: number;
  sidesPerMeal: number;
  /** Planning one 7-day plan: wall-clock and the process's CPU time (the machine is shared). */
  plan7DayP95Ms: number;
  plan7DayP95CpuMs: number;
  plan7DayMedianMs: number;
}

function violations(meal: PlannedMeal, preference: Preference): number {
  const excluded = EXCLUDED_BY_PREFERENCE[preference];
  return meal.ingredients.filter(({ code, group }) => {
    const content = dietaryContentOf(code, group);
    return content !== undefined && excluded.includes(content);
  }).length;
}

const p95 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1] ?? NaN;

class Tally {
  days = 0;
  every = 0;
  within = Object.fromEntries(DAY_NUTRIENTS.map((nutrient) => [nutrient, 0])) as Record<
    DayNutrient,
    number
  >;

  add(missed: readonly DayNutrient[]) {
    this.days++;
    if (!missed.length) this.every++;
    for (const nutrient of DAY_NUTRIENTS) if (!missed.includes(nutrient)) this.within[nutrient]++;
  }

  shares(): BoundShares {
    const share = (count: number) => count / Math.max(this.days, 1);
    return {
      days: this.days,
      every: share(this.every),
      within: Object.fromEntries(
        DAY_NUTRIENTS.map((nutrient) => [nutrient, share(this.within[nutrient])]),
      ) as Record<DayNutrient, number>,
    };
  }
}

export const groupName = (preference: Preference, goal: TargetBody) => `${preference} · ${goal}`;

export async function measurePlannerQuality(profileCount = 1_000): Promise<PlannerQuality> {
  const solve = await loadLpSolver();
  const overall = new Tally();
  const groups = new Map<string, Tally>();
  for (const preference of PREFERENCES)
    for (const goal of TARGET_BODIES) groups.set(groupName(preference, goal), new Tally());
  let meals = 0;
  let sides = 0;
  let daysReportedUnmet = 0;
  let dietViolations = 0;
  let repeatedDishes = 0;
  let portionsOutOfRange = 0;
  const wallMs: number[] = [];
  const cpuMs: number[] = [];

  // A few plans first, so the timings are of a warmed-up process (as a running function is).
  for (let index = 0; index < 20; index++)
    planMeals(
      {
        targets: nutritionTargets({ height: 170, weight: 70, age: 30 }, 'Maintain'),
        days: 7,
        preference: PREFERENCES[index % PREFERENCES.length],
        seed: `warm-${index}`,
      },
      solve,
    );

  randomProfiles(profileCount).forEach((profile, index) => {
    const targets = nutritionTargets(profile.body, profile.goal);
    const bounds = dayTargetBounds(targets);
    const started = performance.now();
    const cpu = process.cpuUsage();
    const plan = planMeals(
      { targets, days: 7, preference: profile.preference, seed: `quality-${index}` },
      solve,
    );
    cpuMs.push(process.cpuUsage(cpu).user / 1000);
    wallMs.push(performance.now() - started);
    const served = new Set<string>();
    const group = groups.get(groupName(profile.preference, profile.goal))!;
    for (const day of plan) {
      const totals = { calories: 0, protein: 0, carbs: 0, fat: 0, fibre: 0 };
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
        for (const nutrient of DAY_NUTRIENTS) totals[nutrient] += meal[nutrient];
      }
      const missed = DAY_NUTRIENTS.filter(
        (nutrient) =>
          totals[nutrient] < bounds[nutrient].min || totals[nutrient] > bounds[nutrient].max,
      );
      overall.add(missed);
      group.add(missed);
      if (day.shortfalls) daysReportedUnmet++;
    }
  });

  const byGroup: Record<string, BoundShares> = {};
  for (const [name, tally] of groups) if (tally.days) byGroup[name] = tally.shares();
  const sortedWall = [...wallMs].sort((a, b) => a - b);
  return {
    profiles: profileCount,
    overall: overall.shares(),
    byGroup,
    daysReportedUnmet,
    dietViolations,
    repeatedDishes,
    portionsOutOfRange,
    sidesPerMeal: sides / Math.max(meals, 1),
    plan7DayP95Ms: p95(wallMs),
    plan7DayP95CpuMs: p95(cpuMs),
    plan7DayMedianMs: sortedWall[Math.floor(sortedWall.length / 2)] ?? NaN,
  };
}

/** One decimal, or two where one would round a miss up to 100 % (6,998 of 7,000 days is 99.97 %, not 100.0 %). */
const percent = (share: number) => {
  const shown = (share * 100).toFixed(1);
  return `${share < 1 && shown === '100.0' ? (Math.floor(share * 10_000) / 100).toFixed(2) : shown} %`;
};
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

/** The bench's planner section (`npm run bench -- --only planner`). */
export async function plannerRows(): Promise<Row[]> {
  const quality = await measurePlannerQuality(1_000);
  const area = 'planner';
  const { overall } = quality;
  const over = `${quality.profiles} random profiles × 7 days, ${overall.days} days`;
  const bar = budgets.planner.daysWithinBounds;
  const shares = (entry: BoundShares) =>
    DAY_NUTRIENTS.map((nutrient) => `${nutrient} ${percent(entry.within[nutrient])}`).join(', ');
  return [
    {
      area,
      measure: `days within every bound: kcal ±5 %, protein to its cap, carbs and fat ±15 %, fibre ≥ 90 % (${over})`,
      result: percent(overall.every),
      budget: `≥ ${percent(bar)}`,
      status: check(overall.every >= bar),
    },
    ...DAY_NUTRIENTS.map((nutrient): Row => ({
      area,
      measure: `days within the ${nutrient} bound`,
      result: percent(overall.within[nutrient]),
      budget: `≥ ${percent(bar)}`,
      status: check(overall.within[nutrient] >= bar),
    })),
    ...Object.entries(quality.byGroup).map(([group, entry]): Row => ({
      area,
      measure: `${group} (${entry.days} days): within every bound; ${shares(entry)}`,
      result: percent(entry.every),
      budget: `≥ ${percent(bar)}`,
      status: check(entry.every >= bar),
    })),
    {
      area,
      measure: 'days the plan reports as not met (shortfalls)',
      result: String(quality.daysReportedUnmet),
      budget: '—',
      status: 'info',
    },
    {
      area,
      measure: 'diet violations',
      result: String(quality.dietViolations),
      budget: String(budgets.planner.dietViolations),
      status: check(quality.dietViolations <= budgets.planner.dietViolations),
    },
    {
      area,
      measure: 'portions outside 0.5–1.5 × a serving',
      result: String(quality.portionsOutOfRange),
      budget: String(budgets.planner.portionsOutOfRange),
      status: check(quality.portionsOutOfRange <= budgets.planner.portionsOutOfRange),
    },
    {
      area,
      measure: 'side dishes and drinks per meal (mean)',
      result: quality.sidesPerMeal.toFixed(2),
      budget: '—',
      status: 'info',
    },
    {
      area,
      measure: 'repeated main dishes within a plan',
      result: String(quality.repeatedDishes),
      budget: String(budgets.planner.repeatedDishes),
      status: check(quality.repeatedDishes <= budgets.planner.repeatedDishes),
    },
    {
      area,
      measure: 'planning a 7-day plan, p95 of CPU time (single-threaded; the machine is shared)',
      result: ms(quality.plan7DayP95CpuMs),
      budget: `≤ ${budgets.planner.plan7DayP95Ms} ms`,
      status: check(quality.plan7DayP95CpuMs <= budgets.planner.plan7DayP95Ms),
    },
    {
      area,
      measure: 'planning a 7-day plan, wall-clock p95 / median',
      result: `${ms(quality.plan7DayP95Ms)} / ${ms(quality.plan7DayMedianMs)}`,
      budget: '—',
      status: 'info',
    },
  ];
}
