import { memberIdToken } from './saved-session';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
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
  const payload = (await response.json().catch(() => ({}))) as { error?: string } & T;
  if (!response.ok)
    throw new ApiError(response.status, payload.error ?? `Request failed (${response.status})`);
  return payload;
}
