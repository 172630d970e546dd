import { rankBoard, teamProgress, type BoardStanding } from '@/domain/challenge-board';
import type { BoardMeal, BoardRow, MealKey } from '@/domain/group-records';

/**
 * The challenge board as the page shows it (docs/product.md, "Group challenges"): the server's rows turned
 * into standings at `now` (a meal is owed once its window has opened), ranked by the domain's rules.
 */

export interface BoardEntry {
  uid: string;
  row: BoardRow;
  standing: BoardStanding;
  /** The meals with a recorded 'Done' proof, in plan order: what others may cheer. */
  provedMeals: Array<{ key: MealKey; meal: BoardMeal }>;
  /** The meal whose window is open at `now` and not yet proved: what others may nudge about. */
  openUnproved: MealKey | null;
}

const SLOT_ORDER: Record<string, number> = { breakfast: 0, lunch: 1, dinner: 2 };

function mealOrder(key: string): number {
  const [day, slot] = key.split('-');
  return Number(day?.replace('Day', '')) * 10 + (SLOT_ORDER[slot ?? ''] ?? 9);
}

function mealsOf(row: BoardRow): Array<[MealKey, BoardMeal]> {
  return (Object.entries(row.meals ?? {}) as Array<[MealKey, BoardMeal | undefined]>)
    .filter((entry): entry is [MealKey, BoardMeal] => entry[1] !== undefined)
    .sort(([left], [right]) => mealOrder(left) - mealOrder(right));
}

export function boardEntry(uid: string, row: BoardRow, now: number): BoardEntry {
  const meals = mealsOf(row);
  const dueSoFar = meals.filter(([, meal]) => meal.opensAt <= now).length;
  const open = meals.find(([, meal]) => meal.opensAt <= now && now < meal.closesAt && !meal.proof);
  return {
    uid,
    row,
    standing: {
      uid,
      proved: row.proved ?? 0,
      dueSoFar,
      planned: meals.length,
      points: row.points ?? 0,
      lastProvedAt: row.lastProvedAt ?? null,
    },
    provedMeals: meals
      .filter(([, meal]) => meal.proof === 'Done')
      .map(([key, meal]) => ({ key, meal })),
    openUnproved: open ? open[0] : null,
  };
}

/** Every member's entry, ranked, and the team goal's share (0…1). */
export function buildBoard(
  members: Record<string, BoardRow> | null | undefined,
  now: number,
): { entries: BoardEntry[]; team: number } {
  const entries = Object.entries(members ?? {}).map(([uid, row]) => boardEntry(uid, row, now));
  const byUid = new Map(entries.map((entry) => [entry.uid, entry]));
  const ranked = rankBoard(entries.map((entry) => entry.standing));
  return {
    entries: ranked.map((standing) => byUid.get(standing.uid)!),
    team: teamProgress(ranked),
  };
}

/** "Day 1 lunch" for "Day1-lunch". */
export function mealLabel(key: MealKey): string {
  const [day, slot] = key.split('-');
  return `${day?.replace('Day', 'Day ')} ${slot}`;
}
