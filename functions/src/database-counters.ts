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

/**
 * Takes one use of a fixed-window quota kept in the database (serverLimits/<key>), in a transaction, so
 * the count holds across every function instance and a new instance starts with no fresh allowance.
 * A refused use leaves the record unchanged. Clients can neither read nor write serverLimits.
 */
export async function consumeQuota(
  database: Database,
  { key, limit, windowMs, now }: QuotaRequest,
): Promise<QuotaResult> {
  if (!key.split('/').every((segment) => DATABASE_KEY.test(segment)))
    throw new Error(`Invalid quota key: ${key}`);
  let result: QuotaResult = { allowed: false, used: 0, retryAfterMs: 0 };
  await database.ref(dbPaths.serverLimit(key)).transaction(
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
