import type { RequestHandler } from 'express';
import { BODY_LIMIT_BYTES, BODY_TOO_LARGE, HttpError } from './http-error';

/**
 * Refuses an oversized request before any of the API's work (CORS aside): by its declared
 * Content-Length, or by the raw body the Cloud Functions framework has already read and parsed with its
 * own, far higher limit (request.rawBody). Without the framework in front (tests, the plain Express app),
 * express.json's limit still stops a chunked body while it streams.
 */
export function refuseOversizedBody(limitBytes = BODY_LIMIT_BYTES): RequestHandler {
  return (request, _response, next) => {
    const declared = Number(request.headers['content-length']);
    const raw: unknown = (request as { rawBody?: unknown }).rawBody;
    const received = Buffer.isBuffer(raw)
      ? raw.length
      : typeof raw === 'string'
        ? Buffer.byteLength(raw)
        : 0;
    if ((Number.isFinite(declared) && declared > limitBytes) || received > limitBytes)
      throw new HttpError(413, 'body-too-large', BODY_TOO_LARGE, { limitBytes });
    next();
  };
}
