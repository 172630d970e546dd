import type { Database } from 'firebase-admin/database';
import { DATABASE_KEY, dbPaths } from '@domain/data/database-paths';

export interface QuotaRequest {
  /** Slash-separated database keys, e.g. `generate/<uid>` or `regenerate/<challengeId>/2026-11-26`. */
  key: string;
  /** Uses allowed per window. */
  limit: number;
  windowMs: number;
  /** The server's clock (epoch ms); never a time the caller sent. */
  now: number;
}

export interface QuotaResult {
  allowed: boolean;
  /** Uses in the current window, this one included when allowed. */
  used: number;
  /** Until the window ends, when refused; 0 when allowed. */
  retryAfterMs: number;
}

interface CounterRecord {
  windowStart: number;
  count: number;
}

function isCounterRecord(value: unknown): value is CounterRecord {
  const record = value as Partial<CounterRecord> | null;
  return typeof record?.windowStart === 'number' && typeof record.count === 'number';
}

/** A quota's record, serverLimits/<key>, once every segment of the key is a valid database key. */
function quotaRef(database: Database, key: string) {
  if (!key.split('/').every((segment) => DATABASE_KEY.test(segment)))
    throw new Error(`Invalid quota key: ${key}`);
  return database.ref(dbPaths.serverLimit(key));
}

/**
 * Takes one use of a fixed-window quota kept in the database (serverLimits/<key>), in a transaction, so
 * the count holds across every function instance and a new instance starts with no fresh allowance.
 * A refused use leaves the record unchanged. Clients can neither read nor write serverLimits.
 */
export async function consumeQuota(
  database: Database,
  { key, limit, windowMs, now }: QuotaRequest,
): Promise<QuotaResult> {
  let result: QuotaResult = { allowed: false, used: 0, retryAfterMs: 0 };
  await quotaRef(database, key).transaction(
    (current: unknown) => {
      const window =
        isCounterRecord(current) &&
        now - current.windowStart < windowMs &&
        now >= current.windowStart
          ? current
          : { windowStart: now, count: 0 };
      if (window.count >= limit) {
        result = {
          allowed: false,
          used: window.count,
          retryAfterMs: Math.max(1, window.windowStart + windowMs - now),
        };
        return undefined; // abort: a refusal writes nothing
      }
      result = { allowed: true, used: window.count + 1, retryAfterMs: 0 };
      return { windowStart: window.windowStart, count: window.count + 1 };
    },
    undefined,
    false,
  );
  return result;
}

/** The uses a rolling quota keeps: their times, newest last. */
interface UsesRecord {
  uses: number[];
}

/**
 * Takes one use of a rolling quota (serverLimits/<key>, in a transaction): every use of the last
 * `windowMs` counts, whenever it was made, so no window boundary lets a second allowance through;
 * the record keeps at most `limit` times. Nothing is given back when what was made goes (a plan
 * deleted, a group left). A refused use leaves the record unchanged.
 */
export async function consumeRollingQuota(
  database: Database,
  { key, limit, windowMs, now }: QuotaRequest,
): Promise<QuotaResult> {
  let result: QuotaResult = { allowed: false, used: 0, retryAfterMs: 0 };
  await quotaRef(database, key).transaction(
    (current: Partial<UsesRecord> | null) => {
      const stored = Array.isArray(current?.uses) ? current.uses : [];
      const uses = stored
        .filter((at): at is number => typeof at === 'number' && at > now - windowMs && at <= now)
        .sort((a, b) => a - b);
      if (uses.length >= limit) {
        result = {
          allowed: false,
          used: uses.length,
          retryAfterMs: Math.max(1, uses[uses.length - limit] + windowMs - now),
        };
        return undefined; // abort: a refusal writes nothing
      }
      result = { allowed: true, used: uses.length + 1, retryAfterMs: 0 };
      return { uses: [...uses, now].slice(-limit) };
    },
    undefined,
    false,
  );
  return result;
}
