import { rankBoard, teamProgress, type BoardStanding } from '@domain/challenges/challenge-board';
import type { BoardMeal, BoardRow } from '@domain/challenges/group-records';
import type { MealKey } from '@domain/challenges/meal-key';
import { sameJsonValue } from '@domain/data/same-json-value';
import { boardMealsOfRow } from '@domain/challenges/board-windows';
import { closedBeforeStart, isMealSoFar } from '@domain/challenges/meal-adherence';

/**
 * The challenge board as the page shows it (docs/product.md, "Group challenges"): the server's rows turned
 * into standings at `now` (a meal is owed once its window has opened, unless it had closed before the member
 * joined), ranked by the domain's rules.
 * Built once per data change or window boundary, reusing unchanged rows' entries, so that a live update or
 * the page's clock renders only the rows that changed (docs/performance.md, "The page with a 50-member board").
 */

export interface BoardEntry {
  uid: string;
  row: BoardRow;
  standing: BoardStanding;
  /** The meals with a recorded 'Done' proof, in plan order: what others may cheer. */
  provedMeals: Array<{ key: MealKey; meal: BoardMeal }>;
  /** The meals whose photo the group sees ('Done', or under review), in plan order. */
  photoMeals: MealKey[];
  /** The meal whose window is open at `now` and not yet proved: what others may nudge about. */
  openUnproved: MealKey | null;
}

export interface Board {
  entries: BoardEntry[];
  /** The team goal's share (0…1). */
  team: number;
  /** The window boundary the entries were computed at (see boardClock). */
  clock: number;
}

/**
 * A row's meals with their windows, decoded once per row object (a data change brings new objects), so the
 * page's clock and unchanged rows add no decoding (docs/architecture.md, "Board rows").
 */
const decoded = new WeakMap<BoardRow, Array<[MealKey, BoardMeal]>>();

function mealsOf(row: BoardRow): Array<[MealKey, BoardMeal]> {
  let meals = decoded.get(row);
  if (!meals) {
    meals = boardMealsOfRow(row);
    decoded.set(row, meals);
  }
  return meals;
}

export function boardEntry(uid: string, row: BoardRow, now: number): BoardEntry {
  const meals = mealsOf(row);
  // Adherence's one meaning (meal-adherence.ts): meals closed before the member joined are not counted.
  const counted = meals.filter(([, meal]) => !closedBeforeStart(meal, row.joinedAt));
  const dueSoFar = counted.filter(([, meal]) => isMealSoFar(meal, now, row.joinedAt)).length;
  const open = meals.find(([, meal]) => meal.opensAt <= now && now < meal.closesAt && !meal.proof);
  return {
    uid,
    row,
    standing: {
      uid,
      proved: row.proved ?? 0,
      dueSoFar,
      planned: counted.length,
      points: row.points ?? 0,
      lastProvedAt: row.lastProvedAt ?? null,
    },
    provedMeals: meals
      .filter(([, meal]) => meal.proof === 'Done')
      .map(([key, meal]) => ({ key, meal })),
    photoMeals: meals
      .filter(([, meal]) => meal.proof === 'Done' || meal.proof === 'Flagged')
      .map(([key]) => key),
    openUnproved: open ? open[0] : null,
  };
}

/** How the board names a member (a row without a name still reads as someone). */
export const memberName = (entry: BoardEntry) => entry.row.displayName || 'Member';

/**
 * The latest window boundary (a meal's opensAt or closesAt) at or before `now`, 0 before the first: every
 * entry is the same at `now` as at this instant, so the board changes only when it moves, not with each
 * tick of the page's clock.
 */
export function boardClock(members: Record<string, BoardRow> | null | undefined, now: number) {
  let clock = 0;
  for (const row of Object.values(members ?? {}))
    for (const [, meal] of row ? mealsOf(row) : []) {
      if (meal.opensAt <= now && meal.opensAt > clock) clock = meal.opensAt;
      if (meal.closesAt <= now && meal.closesAt > clock) clock = meal.closesAt;
    }
  return clock;
}

/**
 * Every member's entry, ranked, and the team goal's share. Pass the previous board to keep the entries of
 * rows whose data did not change (same objects, so memoised rows skip rendering).
 */
export function buildBoard(
  members: Record<string, BoardRow> | null | undefined,
  now: number,
  previous?: Board,
): Board {
  const clock = boardClock(members, now);
  const kept =
    previous && previous.clock === clock
      ? new Map(previous.entries.map((entry) => [entry.uid, entry]))
      : new Map<string, BoardEntry>();
  const entries = Object.entries(members ?? {}).map(([uid, row]) => {
    const before = kept.get(uid);
    return before && sameJsonValue(before.row, row) ? before : boardEntry(uid, row, clock);
  });
  const byUid = new Map(entries.map((entry) => [entry.uid, entry]));
  const ranked = rankBoard(entries.map((entry) => entry.standing));
  return {
    entries: ranked.map((standing) => byUid.get(standing.uid)!),
    team: teamProgress(ranked),
    clock,
  };
}
