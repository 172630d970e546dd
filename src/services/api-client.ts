import { isApiErrorCode, type ApiErrorCode } from '@domain/api-errors';
import { memberIdToken } from './saved-session';

/**
 * A refusal from the API. Branch on `code` (src/domain/api-errors.ts), never on the message: the
 * message is for the member. `code` is undefined only when the answer was not the API's (a proxy).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: ApiErrorCode,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Calls the ChallangeX API (`/api/...`, proxied to the Cloud Function) as the signed-in member: GET
 * without a body, POST with one, unless `method` says otherwise.
 */
export async function callApi<T>(
  path: `/api/${string}`,
  body?: unknown,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' = body === undefined ? 'GET' : 'POST',
): Promise<T> {
  const token = await memberIdToken();
  const response = await fetch(path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = (await response.json().catch(() => ({}))) as {
    error?: string;
    code?: unknown;
  } & T;
  if (!response.ok)
    throw new ApiError(
      response.status,
      payload.error ?? `Request failed (${response.status})`,
      isApiErrorCode(payload.code) ? payload.code : undefined,
    );
  return payload;
}
