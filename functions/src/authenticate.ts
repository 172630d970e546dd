import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import type { RequestHandler, Response } from 'express';
import { HttpError } from './http-error';

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]{1,4096})$/;

const REFUSED_TOKEN_MESSAGES = new Map([
  ['auth/user-disabled', 'This account is disabled'],
  ['auth/id-token-revoked', 'Your sign-in was revoked, please sign in again'],
  ['auth/user-not-found', 'This account no longer exists'],
]);

/** The verified token of the request, or a 401 saying why it was refused. */
async function verifiedToken(
  auth: Auth,
  authorization: string | undefined,
): Promise<DecodedIdToken> {
  const match = BEARER.exec(authorization ?? '');
  if (!match) throw new HttpError(401, 'Sign in required');
  try {
    return await auth.verifyIdToken(match[1], true);
  } catch (error) {
    const message = REFUSED_TOKEN_MESSAGES.get(String((error as { code?: unknown }).code));
    throw new HttpError(401, message ?? 'Invalid or expired sign-in token');
  }
}

/**
 * Requires a verified Firebase ID token; the member's identity comes from it and nowhere else.
 * The revocation check (one Auth lookup per request) makes a disabled or signed-out-everywhere
 * member lose the API at once rather than when their hour-long token expires.
 */
export function requireMember(auth: Auth): RequestHandler {
  return async (request, response, next) => {
    const token = await verifiedToken(auth, request.headers.authorization);
    response.locals.uid = token.uid;
    next();
  };
}

/** Requires a member whose token carries the `admin: true` custom claim (scripts/admin-grant.ts). */
export function requireAdmin(auth: Auth): RequestHandler {
  return async (request, response, next) => {
    const token = await verifiedToken(auth, request.headers.authorization);
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
