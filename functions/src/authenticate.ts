import type { Auth } from 'firebase-admin/auth';
import type { RequestHandler, Response } from 'express';
import { HttpError } from './http-error';

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]{1,4096})$/;

const REFUSED_TOKEN_MESSAGES = new Map([
  ['auth/user-disabled', 'This account is disabled'],
  ['auth/id-token-revoked', 'Your sign-in was revoked, please sign in again'],
  ['auth/user-not-found', 'This account no longer exists'],
]);

/**
 * Requires a verified Firebase ID token; the member's identity comes from it and nowhere else.
 * The revocation check (one Auth lookup per request) makes a disabled or signed-out-everywhere
 * member lose the API at once rather than when their hour-long token expires.
 */
export function requireMember(auth: Auth): RequestHandler {
  return async (request, response, next) => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match) throw new HttpError(401, 'Sign in required');
    try {
      const token = await auth.verifyIdToken(match[1], true);
      response.locals.uid = token.uid;
    } catch (error) {
      const message = REFUSED_TOKEN_MESSAGES.get(String((error as { code?: unknown }).code));
      throw new HttpError(401, message ?? 'Invalid or expired sign-in token');
    }
    next();
  };
}

export function memberUid(response: Response): string {
  const uid: unknown = response.locals.uid;
  if (typeof uid !== 'string') throw new HttpError(401, 'Sign in required');
  return uid;
}
