import type { Dish } from '@/domain/dish-catalogue';

/** A dish is never served at less than half or more than one and a half of its standard portion. */
export const PORTION_LIMITS = { min: 0.5, max: 1.5 } as const;
/** Portions are said in steps a cook can follow ("1.25 ×"). */
export const PORTION_STEP = 0.05;

export interface PortionedDish {
  dish: Dish;
  portion: number;
}

export interface MealFill {
  items: PortionedDish[];
  kcal: number;
  protein: number;
}

export type FillMode = 'natural' | 'protein';

const density = (dish: Dish) => dish.protein / dish.kcal;

function roundedPortion(portion: number): number {
  const stepped = Math.round(portion / PORTION_STEP) * PORTION_STEP;
  return (
    Math.round(Math.min(PORTION_LIMITS.max, Math.max(PORTION_LIMITS.min, stepped)) * 100) / 100
  );
}

/**
 * Portions that bring the dishes to `kcal` in total: the same scale for all ("natural"), or, when protein
 * is short, every dish at its minimum and then the most protein-dense ones raised first ("protein").
 */
function portionsFor(dishes: readonly Dish[], kcal: number, mode: FillMode): number[] {
  const standard = dishes.reduce((sum, dish) => sum + dish.kcal, 0);
  if (mode === 'natural') return dishes.map(() => roundedPortion(kcal / standard));
  const portions = dishes.map(() => PORTION_LIMITS.min);
  let remaining = kcal - standard * PORTION_LIMITS.min;
  const byDensity = dishes.map((dish, index) => ({ dish, index }));
  byDensity.sort((a, b) => density(b.dish) - density(a.dish));
  for (const { dish, index } of byDensity) {
    if (remaining <= 0) break;
    const raise = Math.min(PORTION_LIMITS.max - PORTION_LIMITS.min, remaining / dish.kcal);
    portions[index] += raise;
    remaining -= raise * dish.kcal;
  }
  return portions.map(roundedPortion);
}

function filled(dishes: readonly Dish[], kcal: number, mode: FillMode): MealFill {
  const portions = portionsFor(dishes, kcal, mode);
  const items = dishes.map((dish, index) => ({ dish, portion: portions[index] }));
  return {
    items,
    kcal: items.reduce((sum, item) => sum + item.dish.kcal * item.portion, 0),
    protein: items.reduce((sum, item) => sum + item.dish.protein * item.portion, 0),
  };
}

const fits = (dishes: readonly Dish[], kcal: number) => {
  const standard = dishes.reduce((sum, dish) => sum + dish.kcal, 0);
  return standard * PORTION_LIMITS.min <= kcal && kcal <= standard * PORTION_LIMITS.max;
};

/**
 * One meal near `kcal`: the main dish, plus sides (in the order offered, or densest first in protein
 * mode) until every portion can stay within 0.5–1.5 × its standard serving. In protein mode denser sides
 * are also added while they raise the meal's protein. `sides` must exclude dishes already used that day.
 */
export function fillMeal(
  main: Dish,
  sides: readonly Dish[],
  kcal: number,
  mode: FillMode,
): MealFill {
  const offered =
    mode === 'protein' ? [...sides].sort((a, b) => density(b) - density(a)) : [...sides];
  const chosen = [main];
  const total = () => chosen.reduce((sum, dish) => sum + dish.kcal, 0);
  while (total() * PORTION_LIMITS.max < kcal) {
    const gap = kcal - total() * PORTION_LIMITS.max;
    // Prefer a side that closes the gap without pushing the meal's minimum past the target.
    const next =
      offered.find(
        (side) => side.kcal * PORTION_LIMITS.max >= gap && fits([...chosen, side], kcal),
      ) ?? offered.find((side) => (total() + side.kcal) * PORTION_LIMITS.min <= kcal);
    if (!next) break;
    chosen.push(next);
    offered.splice(offered.indexOf(next), 1);
  }
  let best = filled(chosen, kcal, mode);
  if (mode === 'protein') {
    for (const side of offered) {
      if (density(side) <= density(main) || !fits([...chosen, side], kcal)) continue;
      const candidate = filled([...chosen, side], kcal, mode);
      if (candidate.protein <= best.protein) continue;
      chosen.push(side);
      best = candidate;
    }
  }
  return best;
}
