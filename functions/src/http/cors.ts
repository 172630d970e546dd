import type { RequestHandler } from 'express';
import { HttpError } from './http-error';

/**
 * CORS for the app's own origins only. A request from any other browser origin is refused outright,
 * so a foreign page cannot even trigger side effects; requests without an Origin (server to server) pass.
 */
export function corsForOrigins(allowedOrigins: readonly string[]): RequestHandler {
  const allowed = new Set(allowedOrigins);
  return (request, response, next) => {
    const origin = request.headers.origin;
    if (origin === undefined) return next();
    response.vary('Origin');
    if (!allowed.has(origin)) throw new HttpError(403, 'forbidden', 'Origin not allowed');
    response.setHeader('Access-Control-Allow-Origin', origin);
    if (request.method === 'OPTIONS') {
      response.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
      response.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type');
      response.setHeader('Access-Control-Max-Age', '600');
      response.status(204).end();
      return;
    }
    next();
  };
}
