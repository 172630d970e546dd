/**
 * What the meal-reminder API tests share: the API's push sender as the dev stack has it (the dev
 * VAPID pair, the local push service's http endpoints taken), a member's calls to /api/reminders,
 * and the local push service's subscriptions and deliveries.
 */
import type { RunningPushService } from 'challangex-emulators/push';
import type { ReminderSettingsRequest, SubscribeDeviceRequest } from '@domain/api/reminders';
import type { PushSender } from '../../functions/src/reminders/push-delivery';
import { DEFAULT_VAPID_SUBJECT, DEV_VAPID_KEYS } from '../../functions/src/reminders/vapid-keys';
import type { TestMember } from './api-harness';

export const EMULATOR_PUSH: PushSender = {
  vapid: { subject: DEFAULT_VAPID_SUBJECT, ...DEV_VAPID_KEYS },
  allowLocalPushService: true,
};

export const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** A member's request to the API at `baseUrl`, as the app sends it (from Chrome on Android). */
export async function callApi(
  baseUrl: string,
  member: TestMember | undefined,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      'User-Agent': ANDROID_CHROME,
      ...(member ? { Authorization: `Bearer ${member.idToken}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

/** A subscription as a browser would get it from the local push service, for the dev VAPID key. */
export async function mintSubscription(
  push: RunningPushService,
): Promise<Required<Pick<SubscribeDeviceRequest, 'endpoint' | 'keys'>> & { expirationTime: null }> {
  const response = await fetch(`${push.origin}/subscriptions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ applicationServerKey: DEV_VAPID_KEYS.publicKey }),
  });
  if (response.status !== 201) throw new Error(`minting failed: ${response.status}`);
  return (await response.json()) as Awaited<ReturnType<typeof mintSubscription>>;
}

/** What the local push service received for one endpoint, newest first, decrypted. */
export async function deliveriesTo(
  push: RunningPushService,
  endpoint: string,
): Promise<
  Array<{ endpoint: string; ttl: number; urgency: string; payload: Record<string, unknown> }>
> {
  const response = await fetch(
    `${push.origin}/deliveries?endpoint=${encodeURIComponent(endpoint)}`,
  );
  return (await response.json()) as Awaited<ReturnType<typeof deliveriesTo>>;
}

/** Reminders on, every kind, no quiet hours. */
export const REMINDERS_ON: ReminderSettingsRequest = {
  enabled: true,
  breakfast: true,
  lunch: true,
  dinner: true,
  lastCall: true,
  cheersAndNudges: true,
  quietHours: null,
};
