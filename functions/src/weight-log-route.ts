import type { Database } from 'firebase-admin/database';
import type { RequestHandler } from 'express';
import { calendarDateInZone, isCalendarDate } from '@domain/calendar-dates';
import { INPUT_LIMITS } from '@domain/constants';
import { dbPaths } from '@domain/data/database-paths';
import { newWeightSchema, weightBodySchema, type WeightEntry } from '@domain/members/weight-log';
import { memberUid } from './authenticate';
import { HttpError, parseOrThrow } from './http-error';

export interface WeightLogDependencies {
  database: Database;
  clock: () => number;
}

/** Where no zone is stored yet, the zone whose today is the latest anywhere: no member's today is refused. */
const LATEST_ZONE = 'Pacific/Kiritimati';

async function memberToday(database: Database, uid: string, now: number): Promise<string> {
  const zone: unknown = (await database.ref(dbPaths.memberTimeZone(uid)).get()).val();
  return calendarDateInZone(now, typeof zone === 'string' && zone ? zone : LATEST_ZONE);
}

function dateParam(value: unknown): string {
  if (typeof value !== 'string' || !isCalendarDate(value))
    throw new HttpError(400, 'date: Date must be a calendar date (YYYY-MM-DD)', { field: 'date' });
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
  date: string,
  next: (before: WeightEntry | null) => WeightEntry | null,
): Promise<WeightEntry | null> {
  const { snapshot } = await database
    .ref(dbPaths.weightEntry(uid, date))
    .transaction((before: WeightEntry | null) => next(before));
  const stored = snapshot.val() as WeightEntry | null;
  await followLatest(database, uid);
  return stored;
}

/** POST /api/me/weights `{ date, kg }`: one entry a day, never in the future of the member's zone. */
export function logWeight(dependencies: WeightLogDependencies): RequestHandler {
  return async (request, response) => {
    const uid = memberUid(response);
    const { date, kg } = parseOrThrow(newWeightSchema, request.body);
    const now = dependencies.clock();
    if (date > (await memberToday(dependencies.database, uid, now)))
      throw new HttpError(400, 'date: A weight cannot be logged for a day that has not come yet', {
        field: 'date',
      });
    // The transaction's last run is the one stored: it says whether this request created the entry.
    let created = false;
    await writeEntry(dependencies.database, uid, date, (before) => {
      created = before === null;
      return before ?? { kg, at: now };
    });
    if (!created)
      throw new HttpError(409, `You already logged a weight for ${date}; edit that entry instead`);
    response.status(201).json({ date, kg });
  };
}

/** PUT /api/me/weights/:date `{ kg }`: changes an existing entry. */
export function editWeight(dependencies: WeightLogDependencies): RequestHandler {
  return async (request, response) => {
    const uid = memberUid(response);
    const date = dateParam(request.params.date);
    const { kg } = parseOrThrow(weightBodySchema, request.body);
    const now = dependencies.clock();
    const stored = await writeEntry(dependencies.database, uid, date, (before) =>
      before === null ? null : { kg, at: now },
    );
    if (stored === null) throw new HttpError(404, `No weight is logged for ${date}`);
    response.json({ date, kg });
  };
}

/** DELETE /api/me/weights/:date. */
export function deleteWeight({ database }: WeightLogDependencies): RequestHandler {
  return async (request, response) => {
    const uid = memberUid(response);
    const date = dateParam(request.params.date);
    const entry = database.ref(dbPaths.weightEntry(uid, date));
    if (!(await entry.get()).exists()) throw new HttpError(404, `No weight is logged for ${date}`);
    await entry.remove();
    await followLatest(database, uid);
    response.status(204).end();
  };
}
