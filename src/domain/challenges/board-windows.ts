/**
 * A board row's meal windows in one string (docs/architecture.md, "Board rows"): the Database SDK builds
 * one tree node per leaf, and 21 meals × 2 numbers per row made a 50-member board ~2,100 leaves
 * (docs/performance.md, "Group challenges"). Server and client both read and write rows through here.
 *
 * Format: `{base}` then, for each meal position of the plan (Day1-breakfast, Day1-lunch, Day1-dinner,
 * Day2-breakfast, …), `,{open}.{length}`, or `,` alone for a position with no meal. `base` is the first
 * meal's opensAt in epoch ms; `open` is the meal's opensAt minus the previous meal's (the first: minus
 * `base`), `length` its closesAt minus its opensAt. Each number is in minutes, base 36 (`8c` = 300 min),
 * or `~` then milliseconds, base 36, when it is not a whole minute: every window comes back exactly as
 * stored, whatever the member's zone and its DST changes (no day is assumed to be 24 h).
 *
 * The proof states are one string too (`proofs`): one character per meal position, `D` Done, `F` Flagged,
 * `R` Rejected, `-` none, up to the last meal with one.
 */
import { MEAL_SLOTS, type MealSlot } from '@domain/constants';
import {
  type BoardMeal,
  type BoardMealState,
  type BoardRow,
} from '@domain/challenges/group-records';
import { MEAL_KEY, type MealKey } from '@domain/challenges/meal-key';

export interface KeyedWindow {
  key: MealKey;
  opensAt: number;
  closesAt: number;
}

const MINUTE = 60_000;
/** Day1…Day7 (the MEAL_KEY pattern), three slots a day. */
const POSITIONS = 7 * MEAL_SLOTS.length;

function positionOf(key: MealKey): number {
  const [day, slot] = key.split('-');
  return (Number(day!.slice(3)) - 1) * MEAL_SLOTS.length + MEAL_SLOTS.indexOf(slot as MealSlot);
}

const keyAt = (position: number): MealKey =>
  `Day${Math.floor(position / MEAL_SLOTS.length) + 1}-${MEAL_SLOTS[position % MEAL_SLOTS.length]}`;

const encodeSpan = (ms: number): string =>
  ms % MINUTE === 0 ? (ms / MINUTE).toString(36) : `~${ms.toString(36)}`;

const decodeSpan = (text: string): number =>
  text.startsWith('~') ? parseInt(text.slice(1), 36) : parseInt(text, 36) * MINUTE;

/** The windows in one string; meals in any order, each key at most once. Empty when there are none. */
export function encodeBoardWindows(windows: Iterable<KeyedWindow>): string {
  const byPosition: Array<KeyedWindow | undefined> = [];
  for (const window of windows) byPosition[positionOf(window.key)] = window;
  const first = byPosition.find((window) => window !== undefined);
  if (!first) return '';
  let previous = first.opensAt;
  let text = first.opensAt.toString(36);
  for (let position = 0; position < byPosition.length; position++) {
    const window = byPosition[position];
    text += ',';
    if (!window) continue;
    text += `${encodeSpan(window.opensAt - previous)}.${encodeSpan(window.closesAt - window.opensAt)}`;
    previous = window.opensAt;
  }
  return text;
}

/** The windows of encodeBoardWindows, in plan order; a malformed part is left out, never guessed. */
export function decodeBoardWindows(encoded: string | undefined): KeyedWindow[] {
  if (!encoded) return [];
  const [baseText, ...parts] = encoded.split(',');
  let previous = parseInt(baseText!, 36);
  const windows: KeyedWindow[] = [];
  parts.slice(0, POSITIONS).forEach((part, position) => {
    if (part === '') return;
    const [open = '', length = ''] = part.split('.');
    const opensAt = previous + decodeSpan(open);
    const closesAt = opensAt + decodeSpan(length);
    if (!Number.isFinite(opensAt) || !Number.isFinite(closesAt)) return;
    windows.push({ key: keyAt(position), opensAt, closesAt });
    previous = opensAt;
  });
  return windows;
}

type Proof = NonNullable<BoardMealState['proof']>;
const PROOF_CODES: Record<Proof, string> = { Done: 'D', Flagged: 'F', Rejected: 'R' };
const PROOF_OF: Record<string, Proof> = { D: 'Done', F: 'Flagged', R: 'Rejected' };

/** Each meal's proof state in one string (the format above); empty when no meal has one. */
export function encodeBoardProofs(proofs: Iterable<[MealKey, Proof | null | undefined]>): string {
  const codes: string[] = [];
  for (const [key, proof] of proofs) if (proof) codes[positionOf(key)] = PROOF_CODES[proof];
  return Array.from(codes, (code) => code ?? '-').join('');
}

/** What a row shows of one meal's proof. */
export function boardProofOfRow(row: Pick<BoardRow, 'proofs'>, key: MealKey): Proof | undefined {
  if (!MEAL_KEY.test(key)) return undefined;
  return PROOF_OF[row.proofs?.charAt(positionOf(key)) ?? ''];
}

/**
 * Every planned meal of a row with its window and state, in plan order. A row written before the windows
 * were one string has no `windows` and reads as no planned meal until the server's next write of it
 * (docs/architecture.md, "Board rows").
 */
export function boardMealsOfRow(
  row: Pick<BoardRow, 'windows' | 'proofs' | 'meals'>,
): Array<[MealKey, BoardMeal]> {
  return decodeBoardWindows(row.windows).map(({ key, opensAt, closesAt }) => {
    const proof = boardProofOfRow(row, key);
    const cheers = row.meals?.[key]?.cheers;
    return [
      key,
      {
        opensAt,
        closesAt,
        ...(proof !== undefined && { proof }),
        ...(cheers !== undefined && { cheers }),
      },
    ];
  });
}

/**
 * The inverse of boardMealsOfRow: meals with their windows and state as a row stores them (the windows and
 * proofs strings, and `meals` only where there are cheers). For rows built outside a plan (fixtures).
 */
export function compactBoardMeals(
  meals: Partial<Record<MealKey, BoardMeal>>,
): Pick<BoardRow, 'windows' | 'proofs' | 'meals'> {
  const windows: KeyedWindow[] = [];
  const cheered: NonNullable<BoardRow['meals']> = {};
  const entries = Object.entries(meals) as Array<[MealKey, BoardMeal | undefined]>;
  for (const [key, meal] of entries) {
    if (!meal) continue;
    windows.push({ key, opensAt: meal.opensAt, closesAt: meal.closesAt });
    if (meal.cheers !== undefined) cheered[key] = { cheers: meal.cheers };
  }
  const proofs = encodeBoardProofs(entries.map(([key, meal]) => [key, meal?.proof]));
  return {
    windows: encodeBoardWindows(windows),
    ...(proofs !== '' && { proofs }),
    ...(Object.keys(cheered).length > 0 && { meals: cheered }),
  };
}
