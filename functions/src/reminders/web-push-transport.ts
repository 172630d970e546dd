/**
 * How a reminder reaches a push service: the `web-push` package's own `sendNotification` contract
 * (its VAPID JWT and `aes128gcm` encryption; resolves on 2xx, rejects with a WebPushError carrying
 * the status otherwise), sent over fetch. web-push's own transport speaks https only; push services
 * are https, and the dev stack's local one (emulators/push) is http.
 */
import webpush, { type PushSubscription, type RequestOptions, type SendResult } from 'web-push';

export type SendNotification = (
  subscription: PushSubscription,
  payload: string,
  options: RequestOptions,
) => Promise<Pick<SendResult, 'statusCode'>>;

/** A push service that does not answer in this long is counted failed (retried at the next reminder). */
const PUSH_TIMEOUT_MS = 10_000;

function headersOf(response: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  return headers;
}

export const sendNotificationOverFetch: SendNotification = async (
  subscription,
  payload,
  options,
) => {
  const details = webpush.generateRequestDetails(subscription, payload, options);
  // fetch sets Content-Length from the body itself.
  const headers = Object.fromEntries(
    Object.entries(details.headers)
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => [name, String(value)]),
  );
  const response = await fetch(details.endpoint, {
    method: 'POST',
    headers,
    body: details.body && new Uint8Array(details.body),
    signal: AbortSignal.timeout(options.timeout ?? PUSH_TIMEOUT_MS),
    redirect: 'error',
  });
  const body = await response.text();
  if (response.status < 200 || response.status > 299)
    throw new webpush.WebPushError(
      'Received unexpected response code',
      response.status,
      headersOf(response),
      body,
      details.endpoint,
    );
  return { statusCode: response.status };
};
