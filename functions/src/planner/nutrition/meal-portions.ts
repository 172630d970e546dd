import type { Dish } from '../dish-catalogue';

/** A dish is never served at less than half or more than one and a half of its standard portion. */
export const PORTION_LIMITS = { min: 0.5, max: 1.5 } as const;
/** Portions are said in steps a cook can follow ("1.25 ×"). */
export const PORTION_STEP = 0.05;

export interface PortionedDish {
  dish: Dish;
  portion: number;
}
