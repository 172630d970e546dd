import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import type { Request, RequestHandler, Response } from 'express';
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
  return new HttpError(401, message ?? 'Invalid or expired sign-in token');
}

/**
 * The request's token, verified, or a 401 saying why it was refused. The signature check comes first
 * (deployed, it uses Google's cached public keys and calls no Auth API); a throttle then runs on the
 * token's uid, and only an admitted request pays the revocation lookup (one Auth call), which makes a
 * disabled or signed-out-everywhere member lose the API at once rather than when their token expires.
 */
async function verifiedToken(
  auth: Auth,
  request: Request,
  response: Response,
  throttle?: Throttle,
): Promise<DecodedIdToken> {
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (!match) throw new HttpError(401, 'Sign in required');
  if (throttle) {
    let uid: string;
    try {
      uid = (await auth.verifyIdToken(match[1])).uid;
    } catch (error) {
      throw refusedToken(error);
    }
    const retryAfterMs = await throttle(uid);
    if (retryAfterMs !== undefined) {
      response.setHeader('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
      throw new HttpError(429, 'Too many requests, please try again later');
    }
  }
  try {
    return await auth.verifyIdToken(match[1], true);
  } catch (error) {
    throw refusedToken(error);
  }
}

/** Requires a verified Firebase ID token; the member's identity comes from it and nowhere else. */
export function requireMember(auth: Auth, throttle?: Throttle): RequestHandler {
  return async (request, response, next) => {
    const token = await verifiedToken(auth, request, response, throttle);
    response.locals.uid = token.uid;
    next();
  };
}

/** Requires a member whose token carries the `admin: true` custom claim (scripts/admin-grant.ts). */
export function requireAdmin(auth: Auth): RequestHandler {
  return async (request, response, next) => {
    const token = await verifiedToken(auth, request, response);
    if (token.admin !== true) throw new HttpError(403, 'Only administrators may do this');
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
  if (typeof uid !== 'string') throw new HttpError(401, 'Sign in required');
  return uid;
}
