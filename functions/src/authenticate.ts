import type { Auth } from 'firebase-admin/auth';
import type { RequestHandler, Response } from 'express';
import { HttpError } from './http-error';

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]{1,4096})$/;

/** Requires a verified Firebase ID token; the member's identity comes from it and nowhere else. */
export function requireMember(auth: Auth): RequestHandler {
  return async (request, response, next) => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match) throw new HttpError(401, 'Sign in required');
    try {
      const token = await auth.verifyIdToken(match[1]);
      response.locals.uid = token.uid;
    } catch {
      throw new HttpError(401, 'Invalid or expired sign-in token');
    }
    next();
  };
}

export function memberUid(response: Response): string {
  const uid: unknown = response.locals.uid;
  if (typeof uid !== 'string') throw new HttpError(401, 'Sign in required');
  return uid;
}
