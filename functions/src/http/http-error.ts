import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { z } from 'zod';
import type { ApiErrorCode } from '@domain/api-errors';

/** Request bodies are a few hundred bytes; anything near this is abuse (body-limit.ts). */
export const BODY_LIMIT_BYTES = 16 * 1024;
export const BODY_TOO_LARGE = `Request body is too large (the limit is ${BODY_LIMIT_BYTES / 1024} KB)`;

/**
 * An error whose message is safe to show to the caller; `code` (src/domain/api-errors.ts) is what
 * the app branches on, the message stays the product's words.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** Parses with a schema or throws a 400 naming the first offending field. */
export function parseOrThrow<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field =
    issue.path.map(String).join('.') ||
    (issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : 'body');
  throw new HttpError(400, 'invalid-request', `${field}: ${issue.message}`, { field });
}

export const notFound: RequestHandler = () => {
  throw new HttpError(404, 'not-found', 'Not found');
};

interface BodyParserError {
  status?: number;
  type?: string;
}

const BODY_PARSER_MESSAGES: Record<string, string> = {
  'entity.too.large': BODY_TOO_LARGE,
  'entity.parse.failed': 'Request body is not valid JSON',
  'encoding.unsupported': 'Unsupported request encoding',
  'charset.unsupported': 'Unsupported request charset',
  'request.aborted': 'Request aborted',
};

interface ErrorBody {
  error: string;
  code: ApiErrorCode;
}

/** Answers with a JSON error; never a stack trace or an internal message. */
export function errorHandler(log: (message: string, error: unknown) => void): ErrorRequestHandler {
  return (error, _request, response, _next) => {
    if (error instanceof HttpError) {
      response
        .status(error.status)
        .json({ error: error.message, code: error.code, ...error.details });
      return;
    }
    const { status, type } = (error ?? {}) as BodyParserError;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      response.status(status).json({
        error: (type && BODY_PARSER_MESSAGES[type]) || 'Bad request',
        code: type === 'entity.too.large' ? 'body-too-large' : 'invalid-request',
      } satisfies ErrorBody);
      return;
    }
    log('Unhandled API error', error);
    response.status(500).json({ error: 'Internal error', code: 'internal' } satisfies ErrorBody);
  };
}
