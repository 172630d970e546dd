import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import type { Database } from 'firebase-admin/database';
import type { Request, RequestHandler, Response } from 'express';
import { isAdminNow } from '../admin/admin-record';
import { HttpError } from './http-error';
import type { Throttle } from './rate-limit';

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]{1,4096})$/;

const REFUSED_TOKEN_MESSAGES = new Map([
  ['auth/user-disabled', 'This account is disabled'],
  ['auth/id-token-revoked', 'Your sign-in was revoked, please sign in again'],
  ['auth/user-not-found', 'This account no longer exists'],
]);

function refusedToken(error: unknown): HttpError {
  const message = REFUSED_TOKEN_MESSAGES.get(String((error as { code?: unknown }).code));
  return new HttpError(401, 'unauthenticated', message ?? 'Invalid or expired sign-in token');
}

/**
 * The request's token once its signature is checked (deployed, with Google's cached public keys and no
 * Auth API call) and, when there is a throttle, once it admitted the token's uid; a 401 or 429 else.
 */
async function admittedToken(
  auth: Auth,
  request: Request,
  response: Response,
  throttle?: Throttle,
): Promise<{ token: string; uid: string }> {
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (!match) throw new HttpError(401, 'unauthenticated', 'Sign in required');
  let uid: string;
  try {
    uid = (await auth.verifyIdToken(match[1])).uid;
  } catch (error) {
    throw refusedToken(error);
  }
  if (throttle) {
    const retryAfterMs = await throttle(uid);
    if (retryAfterMs !== undefined) {
      response.setHeader('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
      throw new HttpError(429, 'rate-limited', 'Too many requests, please try again later');
    }
  }
  return { token: match[1], uid };
}

/**
 * The revocation lookup (one Auth call), which makes a disabled, deleted or signed-out-everywhere member
 * lose the API at once rather than when their token expires.
 */
async function revocationChecked(auth: Auth, token: string): Promise<DecodedIdToken> {
  try {
    return await auth.verifyIdToken(token, true);
  } catch (error) {
    throw refusedToken(error);
  }
}

/**
 * The request's token, verified, or a 401 saying why it was refused. A throttle runs on the token's uid
 * once its signature is checked, and only an admitted request pays the revocation lookup.
 */
async function verifiedToken(
  auth: Auth,
  request: Request,
  response: Response,
  throttle?: Throttle,
): Promise<DecodedIdToken> {
  if (!throttle) {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match) throw new HttpError(401, 'unauthenticated', 'Sign in required');
    return revocationChecked(auth, match[1]);
  }
  return revocationChecked(auth, (await admittedToken(auth, request, response, throttle)).token);
}

/** Requires a verified Firebase ID token; the member's identity comes from it and nowhere else. */
export function requireMember(auth: Auth, throttle?: Throttle): RequestHandler {
  return async (request, response, next) => {
    const token = await verifiedToken(auth, request, response, throttle);
    response.locals.uid = token.uid;
    next();
  };
}

/**
 * requireMember for a route that reads before it writes (the join, docs/performance.md "Group
 * challenges"): once the signature and the throttle pass, the revocation lookup (an Auth round trip)
 * runs alongside the route's first reads. The route must await memberChecked(response) before it
 * writes or answers anything, so a disabled, deleted or signed-out member is refused (401) as with
 * requireMember.
 */
export function requireMemberCheckedAlongside(auth: Auth, throttle: Throttle): RequestHandler {
  return async (request, response, next) => {
    const { token, uid } = await admittedToken(auth, request, response, throttle);
    const checked = revocationChecked(auth, token).then(() => undefined);
    // Awaited by the route (memberChecked); this only keeps an early failure from going unhandled.
    checked.catch(() => undefined);
    response.locals.uid = uid;
    response.locals.memberChecked = checked;
    next();
  };
}

/** Settles once the revocation lookup of requireMemberCheckedAlongside has (at once after requireMember). */
export function memberChecked(response: Response): Promise<void> {
  const checked: unknown = response.locals.memberChecked;
  return checked instanceof Promise ? (checked as Promise<void>) : Promise.resolve();
}

/**
 * Requires a member who is an admin now: their admins/{uid} record, which `npm run admin:grant` writes and
 * `npm run admin:revoke` removes (functions/src/admin/admin-record.ts), read on every request. The token's
 * `admin` claim only tells the app to show its admin links: it outlives a revoke until the token expires.
 */
export function requireAdmin(auth: Auth, database: Database): RequestHandler {
  return async (request, response, next) => {
    const token = await verifiedToken(auth, request, response);
    if (!(await isAdminNow(database, token.uid)))
      throw new HttpError(403, 'forbidden', 'Only administrators may do this');
    response.locals.uid = token.uid;
    response.locals.email = typeof token.email === 'string' ? token.email : '';
    next();
  };
}

/** Who the admin of this request is, for the audit log. */
export function adminIdentity(response: Response): { uid: string; email: string } {
  const email: unknown = response.locals.email;
  return { uid: memberUid(response), email: typeof email === 'string' ? email : '' };
}

export function memberUid(response: Response): string {
  const uid: unknown = response.locals.uid;
  if (typeof uid !== 'string') throw new HttpError(401, 'unauthenticated', 'Sign in required');
  return uid;
}
