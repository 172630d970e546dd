import type { Database } from 'firebase-admin/database';
import { dbPaths } from '@domain/data/database-paths';
import { consumeQuota } from '../http/database-counters';
import { HttpError } from '../http/http-error';
import type { RateLimit } from '../http/rate-limit';

/**
 * A member's photos that could not be used (not a picture, too large) cost a download and a decode
 * each and earn nothing: after `max` in a window, the proof route refuses before downloading
 * (docs/security.md, "Proof checks"). Kept in the database, so it holds across instances.
 */
export const DECODE_FAILURE_LIMIT: RateLimit = { windowMs: 60 * 60_000, max: 5 };

const keyOf = (uid: string) => `requests/proof-decode-failures/${uid}`;

export const TOO_MANY_FAILURES_MESSAGE =
  'Too many photos could not be used: please try again later with a photo from your camera';

/** Refuses (429) a member who used up their failed decodes in the current window. */
export async function assertDecodeAllowance(
  database: Database,
  uid: string,
  now: number,
  { windowMs, max } = DECODE_FAILURE_LIMIT,
): Promise<void> {
  const record = (await database.ref(dbPaths.serverLimit(keyOf(uid))).get()).val() as {
    windowStart?: unknown;
    count?: unknown;
  } | null;
  const start = Number(record?.windowStart);
  if (
    Number.isFinite(start) &&
    now >= start &&
    now - start < windowMs &&
    Number(record?.count) >= max
  )
    throw new HttpError(429, 'decode-limit', TOO_MANY_FAILURES_MESSAGE);
}

/** Counts one failed decode against the member. */
export async function countDecodeFailure(
  database: Database,
  uid: string,
  now: number,
  { windowMs, max } = DECODE_FAILURE_LIMIT,
): Promise<void> {
  await consumeQuota(database, { key: keyOf(uid), limit: max, windowMs, now });
}
