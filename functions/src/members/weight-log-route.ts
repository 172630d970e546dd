import type { Database } from 'firebase-admin/database';
import type { RequestHandler } from 'express';
import { addDays, calendarDateInZone, isCalendarDate } from '@domain/calendar-dates';
import { INPUT_LIMITS } from '@domain/constants';
import { dbPaths } from '@domain/data/database-paths';
import { newWeightSchema, weightBodySchema, type WeightEntry } from '@domain/members/weight-log';
import type { WeightResponse } from '@domain/api/members';
import { memberUid } from '../http/authenticate';
import { HttpError, parseOrThrow } from '../http/http-error';

export interface WeightLogDependencies {
  database: Database;
  clock: () => number;
}

/** Where no zone is stored yet, the zone whose today is the latest anywhere: no member's today is refused. */
const LATEST_ZONE = 'Pacific/Kiritimati';

/**
 * The log keeps one entry a day within the last year: from this many days before the member's today. An
 * older date is refused, and each write removes what has aged out, so a log holds at most 366 entries
 * however long a member logs (docs/security.md, "Bounded stores").
 */
export const WEIGHT_LOG_DAYS_KEPT = 365;
/** Aged-out entries removed by one write: a year's worth, more than one write can age out. */
const PRUNE_BATCH = 400;

async function memberToday(database: Database, uid: string, now: number): Promise<string> {
  const zone: unknown = (await database.ref(dbPaths.memberTimeZone(uid)).get()).val();
  return calendarDateInZone(now, typeof zone === 'string' && zone ? zone : LATEST_ZONE);
}

/** The oldest date the member's log keeps on `today`, or a 400 when `date` is older. */
function oldestKeptDate(today: string, date: string): string {
  const oldest = addDays(today, -WEIGHT_LOG_DAYS_KEPT);
  if (date < oldest)
    throw new HttpError(
      400,
      'invalid-request',
      `date: The weight log keeps the last year only (from ${oldest})`,
      {
        field: 'date',
      },
    );
  return oldest;
}

/** Removes the entries dated before `oldest` (keys are dates, so they sort by day). */
async function pruneAgedOut(database: Database, uid: string, oldest: string): Promise<void> {
  const aged = await database
    .ref(dbPaths.weightLog(uid))
    .orderByKey()
    .endBefore(oldest)
    .limitToFirst(PRUNE_BATCH)
    .get();
  const removals: Record<string, null> = {};
  aged.forEach((entry) => {
    removals[dbPaths.weightEntry(uid, entry.key!)] = null;
  });
  if (Object.keys(removals).length > 0) await database.ref().update(removals);
}

function dateParam(value: unknown): string {
  if (typeof value !== 'string' || !isCalendarDate(value))
    throw new HttpError(400, 'invalid-request', 'date: Date must be a calendar date (YYYY-MM-DD)', {
      field: 'date',
    });
  return value;
}

/**
 * The profile's weight follows the latest entry, while it is one the profile accepts (the log
 * takes a wider range than the profile form).
 */
async function followLatest(database: Database, uid: string): Promise<void> {
  const latest = await database.ref(dbPaths.weightLog(uid)).orderByKey().limitToLast(1).get();
  let kg: number | undefined;
  latest.forEach((entry) => {
    kg = (entry.val() as WeightEntry).kg;
  });
  const { min, max } = INPUT_LIMITS.weight;
  if (kg !== undefined && kg >= min && kg <= max)
    await database.ref(dbPaths.userPrivate(uid)).child('weight').set(kg);
}

/**
 * Sets one day's entry in a transaction, so two requests for the same day cannot both create it.
 * `next` answers the stored entry (null: none) with the entry to store, or null to store nothing;
 * null is also what the transaction first sees when nothing is cached locally, so returning null
 * then makes the server send the real value rather than aborting on a guess.
 */
async function writeEntry(
  database: Database,
  uid: string,
  { date, oldest }: { date: string; oldest: string },
  next: (before: WeightEntry | null) => WeightEntry | null,
): Promise<WeightEntry | null> {
  const { snapshot } = await database
    .ref(dbPaths.weightEntry(uid, date))
    .transaction((before: WeightEntry | null) => next(before));
  const stored = snapshot.val() as WeightEntry | null;
  await pruneAgedOut(database, uid, oldest);
  await followLatest(database, uid);
  return stored;
}

/** POST /api/me/weights `{ date, kg }`: one entry a day, never in the future of the member's zone. */
export function logWeight(dependencies: WeightLogDependencies): RequestHandler {
  return async (request, response) => {
    const uid = memberUid(response);
    const { date, kg } = parseOrThrow(newWeightSchema, request.body);
    const now = dependencies.clock();
    const today = await memberToday(dependencies.database, uid, now);
    if (date > today)
      throw new HttpError(
        400,
        'invalid-request',
        'date: A weight cannot be logged for a day that has not come yet',
        {
          field: 'date',
        },
      );
    const oldest = oldestKeptDate(today, date);
    // The transaction's last run is the one stored: it says whether this request created the entry.
    let created = false;
    await writeEntry(dependencies.database, uid, { date, oldest }, (before) => {
      created = before === null;
      return before ?? { kg, at: now };
    });
    if (!created)
      throw new HttpError(
        409,
        'conflict',
        `You already logged a weight for ${date}; edit that entry instead`,
      );
    response.status(201).json({ date, kg } satisfies WeightResponse);
  };
}

/** PUT /api/me/weights/:date `{ kg }`: changes an existing entry. */
export function editWeight(dependencies: WeightLogDependencies): RequestHandler {
  return async (request, response) => {
    const uid = memberUid(response);
    const date = dateParam(request.params.date);
    const { kg } = parseOrThrow(weightBodySchema, request.body);
    const now = dependencies.clock();
    const oldest = oldestKeptDate(await memberToday(dependencies.database, uid, now), date);
    const stored = await writeEntry(dependencies.database, uid, { date, oldest }, (before) =>
      before === null ? null : { kg, at: now },
    );
    if (stored === null) throw new HttpError(404, 'not-found', `No weight is logged for ${date}`);
    response.json({ date, kg } satisfies WeightResponse);
  };
}

/** DELETE /api/me/weights/:date. */
export function deleteWeight({ database }: WeightLogDependencies): RequestHandler {
  return async (request, response) => {
    const uid = memberUid(response);
    const date = dateParam(request.params.date);
    const entry = database.ref(dbPaths.weightEntry(uid, date));
    if (!(await entry.get()).exists())
      throw new HttpError(404, 'not-found', `No weight is logged for ${date}`);
    await entry.remove();
    await followLatest(database, uid);
    response.status(204).end();
  };
}
