import type { Database } from 'firebase-admin/database';
import { consumeQuota } from './database-counters';

export interface RateLimit {
  windowMs: number;
  max: number;
}

/**
 * Takes one request of a member's allowance: undefined when admitted, else the milliseconds until the
 * window ends. requireMember runs it on the token's uid before the revocation lookup (authenticate.ts).
 */
export type Throttle = (uid: string) => Promise<number | undefined>;

/**
 * A fixed window per member kept in the database (serverLimits/requests/<name>/<uid>) with the server's
 * clock: it holds across every function instance, so a cold instance grants no fresh allowance.
 * For the requests that cost (creation, regeneration, swaps, recompute, identity).
 */
export function databaseThrottle(
  database: Database,
  name: string,
  { windowMs, max }: RateLimit,
  now: () => number = Date.now,
): Throttle {
  return async (uid) => {
    const { allowed, retryAfterMs } = await consumeQuota(database, {
      key: `requests/${name}/${uid}`,
      limit: max,
      windowMs,
      now: now(),
    });
    return allowed ? undefined : retryAfterMs;
  };
}

/**
 * A fixed window per member in the function instance's memory: a cheap brake on abuse, not a quota
 * across instances. For requests that cost little (the weight log).
 */
export function memoryThrottle(
  { windowMs, max }: RateLimit,
  now: () => number = Date.now,
): Throttle {
  const windows = new Map<string, { startedAt: number; count: number }>();
  return async (uid) => {
    const time = now();
    let window = windows.get(uid);
    if (!window || time - window.startedAt >= windowMs) {
      if (windows.size > 10_000) {
        for (const [key, value] of windows)
          if (time - value.startedAt >= windowMs) windows.delete(key);
      }
      window = { startedAt: time, count: 0 };
      windows.set(uid, window);
    }
    window.count++;
    return window.count > max ? window.startedAt + windowMs - time : undefined;
  };
}
