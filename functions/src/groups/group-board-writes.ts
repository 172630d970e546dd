import type { Database } from 'firebase-admin/database';
import type { ChallengeRecord, DayMeals, MealRecord } from '@domain/challenges/challenge-record';
import {
  TEAM_BONUS_POINTS,
  teamBonusRecipients,
  type BoardStanding,
} from '@domain/challenges/challenge-board';
import { MEAL_SLOTS, type MealSlot } from '@domain/constants';
import { dbPaths } from '@domain/data/database-paths';
import type { BoardMealState, BoardRow, GroupRecord } from '@domain/challenges/group-records';
import type { MealKey } from '@domain/challenges/meal-key';
import { dayKey } from '@domain/challenges/meal-schedule';
import type { GroupTerms } from '../progress/member-rollup';
import { computeScore, provedInWindow } from '@domain/challenges/points';
import { proofEarnsPoints } from '@domain/challenges/proof-review';
import { boardMealsOfRow, encodeBoardProofs } from '@domain/challenges/board-windows';
import { boardMealsOf, isGroupMember, rowWindowsOf } from './group-store';
import { contendedTransaction } from './group-places';

/**
 * A group member's board row kept in step with their own plan (docs/product.md, "Group challenges"):
 * one definition used by the proof route, the admin's review and the recompute. Rows are written by
 * leaf paths so that a cheer's count, written beside them, is never overwritten (docs/architecture.md,
 * "Board rows").
 */

/** What a meal's proof shows on the board, from the meal as stored; null when it has none. */
export function boardProofOf(meal: MealRecord | undefined): BoardMealState['proof'] | null {
  if (meal?.status === 'Rejected' || meal?.review?.state === 'rejected') return 'Rejected';
  if (meal?.status !== 'Done') return null;
  return meal.review?.state === 'flagged' ? 'Flagged' : 'Done';
}

/**
 * The plan as it earns points without a new Storage look-up: a proof under review or rejected earns
 * nothing (the proof route checked the photo it records; the recompute passes its own verified plan).
 */
export function earningPlan(challenge: ChallengeRecord): ChallengeRecord {
  const meals: Record<string, DayMeals> = {};
  for (const [day, dayMeals] of Object.entries(challenge.meals ?? {})) {
    meals[day] = { ...dayMeals };
    for (const slot of MEAL_SLOTS) {
      const meal = dayMeals?.[slot];
      if (meal?.status === 'Done' && !proofEarnsPoints(meal))
        meals[day][slot] = { ...meal, status: 'Unverified' };
    }
  }
  return { ...challenge, meals };
}

/**
 * The multi-path update that sets uid's row (and proof photos) from their plan: `claimed` is the plan
 * as stored (each meal's proof state and photo), `counted` the same plan as its proofs earn (what
 * `proved`, `points` and `lastProvedAt` count), `bonusPoints` the team bonus once decided.
 */
export function boardRowUpdate(
  challengeId: string,
  uid: string,
  claimed: ChallengeRecord,
  counted: ChallengeRecord,
  bonusPoints = 0,
): Record<string, unknown> {
  const row = dbPaths.groupMember(challengeId, uid);
  const photos = dbPaths.groupPhotos(challengeId, uid);
  const update: Record<string, unknown> = {};
  let proved = 0;
  let lastProvedAt = 0;
  const proofs: Array<[MealKey, BoardMealState['proof'] | null]> = [];
  for (const { key, dayNumber, slot, meal } of boardMealsOf(claimed)) {
    const earning = counted.meals?.[dayKey(dayNumber)]?.[slot];
    const earns = provedInWindow(earning);
    if (earns) {
      proved++;
      lastProvedAt = Math.max(lastProvedAt, earning.doneAt);
    }
    // A Done meal that does not earn (its photo missing, outside its window) shows no proof.
    const stated = boardProofOf(meal);
    const proof = stated === 'Done' && !earns ? null : stated;
    proofs.push([key, proof]);
    // A rejected photo leaves the board; one under review stays visible to the group.
    update[`${photos}/${key}`] =
      (proof === 'Done' || proof === 'Flagged') && meal.img ? meal.img : null;
  }
  // Both written each time: a row from before they were strings gets them too.
  update[`${row}/windows`] = rowWindowsOf(claimed);
  update[`${row}/proofs`] = encodeBoardProofs(proofs) || null;
  update[`${row}/proved`] = proved;
  update[`${row}/points`] = computeScore([counted]).total + bonusPoints;
  update[`${row}/lastProvedAt`] = lastProvedAt > 0 ? lastProvedAt : null;
  return update;
}

/** The plan with one meal as just written (the proof route's and the review's own writes). */
export function withMeal(
  challenge: ChallengeRecord,
  day: number,
  slot: MealSlot,
  meal: MealRecord,
): ChallengeRecord {
  const dayMeals = { ...challenge.meals?.[dayKey(day)], [slot]: meal };
  return { ...challenge, meals: { ...challenge.meals, [dayKey(day)]: dayMeals } };
}

/** The board's standings as the team bonus judges them: every meal on a row is planned. */
export function boardStandings(members: Record<string, BoardRow>): BoardStanding[] {
  return Object.entries(members).map(([uid, row]) => {
    const planned = boardMealsOfRow(row).length;
    return {
      uid,
      proved: row.proved ?? 0,
      dueSoFar: planned,
      planned,
      points: row.points ?? 0,
      lastProvedAt: row.lastProvedAt ?? null,
    };
  });
}

/** The challenge's end for the whole group: the latest window's close on any member's row. */
export function groupEndsAt(members: Record<string, BoardRow>): number {
  let endsAt = 0;
  for (const row of Object.values(members))
    for (const [, meal] of boardMealsOfRow(row)) endsAt = Math.max(endsAt, meal.closesAt);
  return endsAt;
}

type Bonus = NonNullable<GroupRecord['bonus']>;

/** GroupTerms, and when this call decided the bonus, the other members whose totals it changes. */
export interface DecidedGroupTerms extends GroupTerms {
  othersToRecompute?: string[];
}

const termsOf = (bonus: Bonus, uid: string): GroupTerms => ({
  bonus: { endsAt: bonus.endsAt, points: bonus.recipients?.[uid] ? TEAM_BONUS_POINTS : 0 },
});

/**
 * What the group adds to uid's challenge in their recompute (docs/product.md, "Group challenges"):
 * undefined when the plan is not on a board. Once every member's last window has closed, the team
 * bonus is decided once for everyone (a transaction on groups/{cid}/bonus: racing recomputes agree);
 * until then a member whose own plan has ended stays open (settlesAt), so their recompute adds the
 * bonus when it is decided.
 */
export async function groupTerms(
  database: Database,
  challengeId: string,
  uid: string,
  ownEndsAt: number,
  now: number,
): Promise<DecidedGroupTerms | undefined> {
  // One small read for a solo challenge (most of a member's history on a rebuild).
  if (!(await isGroupMember(database, challengeId, uid))) return undefined;
  const bonusRef = database.ref(dbPaths.groupBonus(challengeId));
  const stored = await bonusRef.get();
  if (stored.exists()) return termsOf(stored.val() as Bonus, uid);
  if (now <= ownEndsAt) return {};
  // Read only once the member's own plan has ended: the whole board, sized by the member count.
  const members = ((await database.ref(dbPaths.groupMembers(challengeId)).get()).val() ??
    {}) as Record<string, BoardRow>;
  const endsAt = groupEndsAt(members);
  if (now <= endsAt) return { settlesAt: endsAt };
  const recipients = teamBonusRecipients(boardStandings(members));
  const decided: Bonus = {
    decidedAt: now,
    endsAt,
    ...(recipients.length > 0 && {
      recipients: Object.fromEntries(recipients.map((recipient) => [recipient, true as const])),
    }),
  };
  // An empty local cache reads as null: the server then answers with the decision already made.
  const result = await bonusRef.transaction((current: Bonus | null) => current ?? decided);
  const bonus = (result.snapshot.val() as Bonus | null) ?? decided;
  // The member whose recompute decided it brings the others' totals up to date too (their own
  // recompute would add the same, but they may not open the app for a while).
  const mine = result.committed && bonus.decidedAt === now;
  return {
    ...termsOf(bonus, uid),
    ...(mine && { othersToRecompute: Object.keys(members).filter((other) => other !== uid) }),
  };
}

type Update = Record<string, unknown>;
type RowTree = Record<string, unknown>;

/** A path under one member's board row or photos: groups/{cid}/(members|photos)/{uid}[/rest]. */
const BOARD_PATH = /^groups\/([^/]+)\/(members|photos)\/([^/]+)(?:\/(.+))?$/;

/** One member's part of an update: their row's fields (paths below the row) and their photos' paths. */
interface RowWrite {
  challengeId: string;
  uid: string;
  row: Update;
  photos: Update;
}

/** An increment in a multi-path update (ServerValue.increment) as the database sends it. */
function incrementOf(value: unknown): number | undefined {
  const step = (value as { '.sv'?: { increment?: unknown } } | null)?.['.sv']?.increment;
  return typeof step === 'number' ? step : undefined;
}

/** The row with each field path of `fields` set (null deletes; an increment adds to what is there). */
function applyFields(row: RowTree, fields: Update): RowTree {
  const next = structuredClone(row);
  for (const [path, value] of Object.entries(fields)) {
    const keys = path.split('/');
    const last = keys.pop()!;
    let node = next;
    for (const key of keys) {
      if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
      node = node[key] as RowTree;
    }
    const step = incrementOf(value);
    const current = node[last];
    if (step !== undefined) node[last] = (typeof current === 'number' ? current : 0) + step;
    else if (value === null) delete node[last];
    else node[last] = value;
  }
  return next;
}

/**
 * Writes one member's row fields by a transaction on the row that lands only while it has `joinedAt`:
 * a row the member's removal deleted stays deleted (the removal's write makes the transaction run again
 * on what is stored), and a row found without `joinedAt` is deleted. Their photos are written only once
 * the row held, and taken away again if the row has gone meanwhile (a removal from another instance
 * between the two writes). Answers whether the row was written.
 */
async function writeRow(database: Database, { challengeId, uid, row, photos }: RowWrite) {
  const rowRef = database.ref(dbPaths.groupMember(challengeId, uid));
  const { committed, snapshot } = await contendedTransaction<RowTree>(
    rowRef,
    (current) =>
      // null may be the empty local cache: writing null then makes the server send the stored row.
      current === null || typeof current.joinedAt !== 'number' ? null : applyFields(current, row),
    // Not applied locally: a read on this connection meanwhile must not see that probe's null.
    false,
  );
  const written = committed && snapshot.exists();
  if (!written || Object.keys(photos).length === 0) return written;
  await database.ref().update(photos);
  // Read after the photos' write (one connection answers in order): a row gone now takes them along.
  if (!(await rowRef.child('joinedAt').get()).exists())
    await database.ref(dbPaths.groupPhotos(challengeId, uid)).remove();
  return true;
}

/**
 * Sets fields of uid's row (paths below the row: a name, a photo) only while they are in the group
 * (writeRow); answers whether the row was written.
 */
export function writeGuardedRowFields(
  database: Database,
  challengeId: string,
  uid: string,
  fields: Update,
): Promise<boolean> {
  return writeRow(database, { challengeId, uid, row: fields, photos: {} });
}

/**
 * Writes a multi-path update in which some paths are board rows or their photos (boardRowUpdate's, a
 * cheer's count, a streak): the rest in one update first, then each member's row only while they are
 * in the group (writeRow), so no server write brings back a member who left or was removed
 * (docs/security.md, "Group challenges"). Every route that writes a board row writes it through here.
 */
export async function writeGuardedBoardUpdate(database: Database, update: Update): Promise<void> {
  const rest: Update = {};
  const rows = new Map<string, RowWrite>();
  for (const [path, value] of Object.entries(update)) {
    const match = BOARD_PATH.exec(path);
    // A whole row or photos set (a join's new row) or deleted (a removal) needs no guard.
    if (!match || match[4] === undefined) {
      rest[path] = value;
      continue;
    }
    const [, challengeId, tree, uid, field] = match;
    const key = `${challengeId}/${uid}`;
    const write = rows.get(key) ?? { challengeId, uid, row: {}, photos: {} };
    rows.set(key, write);
    if (tree === 'photos') write.photos[path] = value;
    else write.row[field] = value;
  }
  if (Object.keys(rest).length > 0) await database.ref().update(rest);
  await Promise.all([...rows.values()].map((write) => writeRow(database, write)));
}
