/**
 * Adherence, one meaning everywhere (docs/product.md, "Adherence"): the meals proved out of the meals so far,
 * with the plan's total beside it. A meal is "so far" once its window has opened; a meal whose window closed
 * before the member started (a challenge made at 10:17 has no Day 1 breakfast to prove) is never counted.
 */

export interface MealWindowTimes {
  opensAt: number;
  closesAt: number;
}

export interface Adherence {
  /** Meals proved in their windows (never more than `soFar`). */
  proved: number;
  /** Meals whose window has opened since the member started. */
  soFar: number;
  /** Meals in the whole plan, those before the start left out. */
  total: number;
  /** proved of soFar, 0–100, rounded; 0 before any meal is due. */
  percent: number;
}

/** A meal whose window had closed when the member started: shown as "Before you started · not counted". */
export function closedBeforeStart(meal: MealWindowTimes, startedAt: number | undefined): boolean {
  return typeof startedAt === 'number' && meal.closesAt <= startedAt;
}

/** Counts towards adherence at `now`: its window has opened, and it was still open when the member started. */
export function isMealSoFar(
  meal: MealWindowTimes,
  now: number,
  startedAt: number | undefined,
): boolean {
  return meal.opensAt <= now && !closedBeforeStart(meal, startedAt);
}

/** Adherence from counts already made (the board's rows carry them). */
export function adherenceOf(proved: number, soFar: number, total: number): Adherence {
  const counted = Math.min(proved, soFar);
  return {
    proved: counted,
    soFar,
    total,
    percent: soFar > 0 ? Math.round((counted / soFar) * 100) : 0,
  };
}

/** Adherence of a plan's meals at `now`; `proved` says which meals count as proved. */
export function mealAdherence<T extends MealWindowTimes>(
  meals: Iterable<T>,
  proved: (meal: T) => boolean,
  now: number,
  startedAt: number | undefined,
): Adherence {
  let provedSoFar = 0;
  let soFar = 0;
  let total = 0;
  for (const meal of meals) {
    if (closedBeforeStart(meal, startedAt)) continue;
    total++;
    if (!isMealSoFar(meal, now, startedAt)) continue;
    soFar++;
    if (proved(meal)) provedSoFar++;
  }
  return adherenceOf(provedSoFar, soFar, total);
}

/** "2 of 3 meals so far proved · 21 planned": what the percentage counts, in the one wording. */
export function adherenceCounts({ proved, soFar, total }: Adherence): string {
  return `${proved} of ${soFar} meals so far proved · ${total} planned`;
}

/** "67 % · 2 of 3 meals so far proved · 21 planned": the number with its counts. */
export function adherenceText(adherence: Adherence): string {
  return `${adherence.percent} % · ${adherenceCounts(adherence)}`;
}
