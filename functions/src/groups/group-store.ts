import { randomBytes } from 'node:crypto';
import type { Database } from 'firebase-admin/database';
import { z } from 'zod';
import { challengeEndsAt } from '@domain/challenges/challenge-activity';
import type { ChallengeRecord, MealRecord } from '@domain/challenges/challenge-record';
import { MEAL_SLOTS, type MealSlot } from '@domain/constants';
import { DATABASE_KEY, dbPaths } from '@domain/data/database-paths';
import { GROUP_MESSAGES, type BoardRow, type GroupAccess } from '@domain/challenges/group-records';
import { type MealKey } from '@domain/challenges/meal-key';
import { dayKey } from '@domain/challenges/meal-schedule';
import { encodeBoardWindows, type KeyedWindow } from '@domain/challenges/board-windows';
import { type MemberIdentity } from '../challenges/challenge-records';
import { HttpError } from '../http/http-error';

/**
 * Server helpers shared by the group routes (docs/product.md, "Group challenges"; docs/architecture.md,
 * "Group challenges"): reading a group and its owner's challenge, asserting membership, building board
 * rows. Its places and summary are in group-places.ts, a member's removal in group-removal.ts.
 */

type Update = Record<string, unknown>;

export const NOT_FOUND_MESSAGE = 'Challenge not found';
/** How many avatars a group's feed card shows (GroupSummary.memberPhotos). */
export const SUMMARY_PHOTOS = 5;

/** What the owner's routes on their group (access, invite) are given. */
export interface GroupOwnerDependencies {
  database: Database;
  clock: () => number;
}

export const challengeParamsSchema = z.object({
  challengeId: z.string().regex(DATABASE_KEY, 'Not a challenge id'),
});
export const memberParamsSchema = challengeParamsSchema.extend({
  uid: z.string().regex(DATABASE_KEY, 'Not a member id'),
});

/** Whether uid has a board row in the group of challengeId (the owner is member #1). */
export async function isGroupMember(
  database: Database,
  challengeId: string,
  uid: string,
): Promise<boolean> {
  const row = await database.ref(dbPaths.groupMember(challengeId, uid)).child('joinedAt').get();
  return row.exists();
}

/** Whether any row is stored under uid in the group, one without joinedAt too (removal takes it away). */
export async function hasBoardRow(
  database: Database,
  challengeId: string,
  uid: string,
): Promise<boolean> {
  return (await database.ref(dbPaths.groupMember(challengeId, uid)).get()).exists();
}

/** 24 random bytes, url-safe: 32 characters (group-records.ts INVITE_TOKEN). */
export function newInviteToken(): string {
  return randomBytes(24).toString('base64url');
}

/** A challenge's owner and record, found from its id alone (the group, else its feed entry). */
export interface OwnedChallenge {
  ownerId: string;
  challengeId: string;
  challenge: ChallengeRecord;
  /** groups/{cid} exists: the challenge was opened to others at least once. */
  grouped: boolean;
}

export const valueAt = async <T>(database: Database, path: string) =>
  (await database.ref(path).get()).val() as T | null;

/**
 * The owner of challengeId: the group's ownerId, else the uid of its feed entry (or of the entry a
 * moderator put aside). 404 when none.
 */
async function readOwnerId(
  database: Database,
  challengeId: string,
): Promise<{ ownerId: string; grouped: boolean }> {
  // The group's owner wins; only a challenge never opened to others needs its feed entry's (each read
  // is a frame each way, docs/performance.md "Group challenges").
  const isOwnerId = (value: unknown): value is string =>
    typeof value === 'string' && DATABASE_KEY.test(value);
  const groupOwner = await valueAt<unknown>(database, `${dbPaths.group(challengeId)}/ownerId`);
  const [feedOwner, hiddenOwner] = isOwnerId(groupOwner)
    ? []
    : await Promise.all([
        valueAt<unknown>(database, `${dbPaths.feedEntry(challengeId)}/uid`),
        valueAt<unknown>(database, `${dbPaths.hiddenFeedEntry(challengeId)}/uid`),
      ]);
  const ownerId = [groupOwner, feedOwner, hiddenOwner].find(isOwnerId);
  if (!ownerId) throw new HttpError(404, 'not-found', NOT_FOUND_MESSAGE);
  return { ownerId, grouped: typeof groupOwner === 'string' };
}

/** A record that is no owner's challenge to join or manage: missing, deleted, or a joined plan. */
function notOwnersChallenge(challenge: Partial<ChallengeRecord> | null): boolean {
  return !challenge || challenge.deleted === true || challenge.groupOwnerId !== undefined;
}

/** The owner of challengeId and their challenge, whole; 404 when none, or when it is deleted. */
export async function readOwnedChallenge(
  database: Database,
  challengeId: string,
): Promise<OwnedChallenge> {
  const { ownerId, grouped } = await readOwnerId(database, challengeId);
  const challenge = await valueAt<ChallengeRecord>(
    database,
    dbPaths.challenge(ownerId, challengeId),
  );
  if (notOwnersChallenge(challenge)) throw new HttpError(404, 'not-found', NOT_FOUND_MESSAGE);
  return { ownerId, challengeId, challenge: challenge!, grouped };
}

/** The owner's challenge without its plan (`meals`, most of its ~30 KB), and when its last window closes. */
export interface ChallengeSettings {
  ownerId: string;
  challengeId: string;
  challenge: Omit<ChallengeRecord, 'meals'>;
  /** challengeEndsAt of the owner's plan: the last day's latest window. */
  endsAt: number | undefined;
  grouped: boolean;
}

/** The latest window of one day's meals (the end of a plan whose last day it is). */
function dayEndsAt(day: unknown): number | undefined {
  return challengeEndsAt({ meals: { last: (day ?? {}) as ChallengeRecord['meals'][string] } });
}

/**
 * readOwnedChallenge for a join and its preview, without downloading the owner's plan: every field
 * sorted before `meals` and every one after (two key-range queries), and the last day of the plan
 * (`Day{n}` keys sort as text, so the last key is the last day while a plan has at most 9 days; else it
 * is read by name). Parsing the owner's whole record was ~11 ms of a join's CPU (docs/performance.md,
 * "Group challenges").
 */
export async function readChallengeSettings(
  database: Database,
  challengeId: string,
): Promise<ChallengeSettings> {
  const { ownerId, grouped } = await readOwnerId(database, challengeId);
  const record = database.ref(dbPaths.challenge(ownerId, challengeId));
  const meals = record.child('meals');
  const [before, after, lastDay] = await Promise.all([
    record.orderByKey().endBefore('meals').get(),
    record.orderByKey().startAfter('meals').get(),
    meals.orderByKey().limitToLast(1).get(),
  ]);
  const challenge = {
    ...(before.val() as object | null),
    ...(after.val() as object | null),
  } as Omit<ChallengeRecord, 'meals'>;
  if (!before.exists() && !after.exists()) throw new HttpError(404, 'not-found', NOT_FOUND_MESSAGE);
  if (notOwnersChallenge(challenge)) throw new HttpError(404, 'not-found', NOT_FOUND_MESSAGE);
  const days = (lastDay.val() ?? {}) as Record<string, unknown>;
  const lastKey = dayKey(challenge.day);
  const last =
    lastKey in days || !lastDay.exists() ? days[lastKey] : (await meals.child(lastKey).get()).val();
  return { ownerId, challengeId, challenge, endsAt: dayEndsAt(last), grouped };
}

/** Every window of the owner's plan has closed (challenge-activity.ts). */
export function hasEnded(challenge: Pick<ChallengeRecord, 'meals'>, now: number): boolean {
  const end = challengeEndsAt(challenge);
  return end !== undefined && now > end;
}

/** What no change of membership or access may happen on: a hidden or ended challenge (409). */
export function assertChangeable(challenge: ChallengeRecord, now: number): void {
  if (challenge.moderation) throw new HttpError(409, 'challenge-hidden', GROUP_MESSAGES.hidden);
  if (hasEnded(challenge, now)) throw new HttpError(409, 'challenge-ended', GROUP_MESSAGES.ended);
}

/** The owner's own challenge, for the owner's routes: 404 when they have none by this id, 403 for a joined plan. */
export async function readOwnChallenge(
  database: Database,
  uid: string,
  challengeId: string,
): Promise<ChallengeRecord> {
  const challenge = await valueAt<ChallengeRecord>(database, dbPaths.challenge(uid, challengeId));
  if (!challenge || challenge.deleted === true)
    throw new HttpError(404, 'not-found', NOT_FOUND_MESSAGE);
  if (challenge.groupOwnerId !== undefined)
    throw new HttpError(403, 'forbidden', 'Only the owner of this challenge can do this');
  return challenge;
}

/**
 * Every planned meal of a plan with its board key (`Day{n}-{slot}`), in day and slot order: the one walk
 * of a plan's meals into board windows, for a new row (boardRowFor) and a row kept in step with proofs
 * (group-board-writes.ts boardRowUpdate).
 */
export function* boardMealsOf(
  challenge: Pick<ChallengeRecord, 'day' | 'meals'>,
): Generator<{ key: MealKey; dayNumber: number; slot: MealSlot; meal: MealRecord }> {
  for (let dayNumber = 1; dayNumber <= challenge.day; dayNumber++) {
    for (const slot of MEAL_SLOTS) {
      const meal = challenge.meals?.[dayKey(dayNumber)]?.[slot];
      if (meal) yield { key: `${dayKey(dayNumber)}-${slot}` as MealKey, dayNumber, slot, meal };
    }
  }
}

/** A plan's windows as its board row holds them: one string (docs/architecture.md, "Board rows"). */
export function rowWindowsOf(challenge: Pick<ChallengeRecord, 'day' | 'meals'>): string {
  const windows: KeyedWindow[] = [];
  for (const { key, meal } of boardMealsOf(challenge))
    windows.push({ key, opensAt: meal.opensAt, closesAt: meal.closesAt });
  return encodeBoardWindows(windows);
}

/**
 * A new member's board row: their windows, nothing proved yet; never the meals' macros or the member's
 * targets (docs/security.md, "Group challenges"). Proofs reach it through group-board-writes.ts.
 */
export function boardRowFor(
  identity: MemberIdentity,
  challenge: ChallengeRecord,
  joinedAt: number,
): BoardRow {
  const { displayName, photoURL } = identity;
  return {
    displayName,
    photoURL,
    joinedAt,
    proved: 0,
    points: 0,
    windows: rowWindowsOf(challenge),
  };
}

type OwnerGroupFields = Pick<ChallengeRecord, 'access' | 'memberCount' | 'memberPhotos' | 'invite'>;

/**
 * What opening a challenge to others writes: the group with the owner as member #1 when it has none yet
 * and its access (`group`, paths), and the owner's record's access, memberCount and a new invite when
 * none is open (`owner`, fields of users/{owner}/challenges/{cid}).
 */
export function openGroup({
  ownerId,
  challengeId,
  challenge,
  access,
  grouped,
  now,
}: {
  ownerId: string;
  challengeId: string;
  challenge: ChallengeRecord;
  access: Exclude<GroupAccess, 'solo'>;
  grouped: boolean;
  now: number;
}): { group: Update; owner: OwnerGroupFields } {
  const group: Update = { [`${dbPaths.group(challengeId)}/access`]: access };
  const owner: OwnerGroupFields = { access };
  if (!grouped) {
    group[`${dbPaths.group(challengeId)}/ownerId`] = ownerId;
    group[dbPaths.groupMemberCount(challengeId)] = 1;
    group[dbPaths.groupMember(challengeId, ownerId)] = boardRowFor(
      { displayName: challenge.displayName, photoURL: challenge.photoURL },
      challenge,
      challenge.createdAt,
    );
    owner.memberCount = 1;
    owner.memberPhotos = [{ displayName: challenge.displayName, photoURL: challenge.photoURL }];
  }
  owner.invite =
    challenge.invite?.open === true
      ? challenge.invite
      : { token: newInviteToken(), open: true, madeAt: now };
  return { group, owner };
}

/** Fields of one record as paths of a multi-path update. */
export function fieldPaths(path: string, fields: Record<string, unknown>): Update {
  return Object.fromEntries(
    Object.entries(fields).map(([field, value]) => [`${path}/${field}`, value]),
  );
}
