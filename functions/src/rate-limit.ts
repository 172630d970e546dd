import type { RequestHandler } from 'express';
import { HttpError } from './http-error';
import { memberUid } from './authenticate';

export interface RateLimit {
  windowMs: number;
  max: number;
}

/**
 * Fixed-window request counter per member (runs after authentication). It lives in the function
 * instance's memory: a cheap brake on abuse, not an exact global quota across instances.
 */
export function rateLimitPerMember(
  { windowMs, max }: RateLimit,
  now: () => number = Date.now,
): RequestHandler {
  const windows = new Map<string, { startedAt: number; count: number }>();
  return (_request, response, next) => {
    const uid = memberUid(response);
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
    if (window.count > max) {
      response.setHeader(
        'Retry-After',
        String(Math.ceil((window.startedAt + windowMs - time) / 1000)),
      );
      throw new HttpError(429, 'Too many requests, please try again later');
    }
    next();
  };
}
