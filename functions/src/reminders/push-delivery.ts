/**
 * One push to one device, and pushes to all of a member's devices (docs/architecture.md, "Meal
 * reminders"): shared by the scheduled sender, the test reminder, and the nudge and cheer pushes.
 * A subscription the push service answers 404 or 410 for is deleted.
 */
import type { Database } from 'firebase-admin/database';
import type { RequestOptions } from 'web-push';
import { reminderPaths, type PushSubscriptionRecord } from '@domain/reminders/reminder-records';
import type { PushPayload } from '@domain/reminders/reminder-message';
import type { PushEndpointPolicy } from '@domain/reminders/push-endpoint';
import { isMemberDisabled } from '../admin/disabled-member-sweep';
import { sendNotificationOverFetch, type SendNotification } from './web-push-transport';
import type { VapidDetails } from './vapid-keys';

/** What push services answer for a subscription that no longer exists (RFC 8030 §7.3; 404 by some). */
const GONE_STATUSES = new Set([404, 410]);

export type PushOutcome = 'sent' | 'gone' | 'failed';

/** How the API reaches push services: its VAPID keys, the transport, and which endpoints it takes. */
export interface PushSender extends PushEndpointPolicy {
  vapid: VapidDetails;
  /** web-push's contract; by default its request over fetch (web-push-transport.ts). */
  sendNotification?: SendNotification;
}

export type DeviceSubscription = { deviceId: string } & Pick<
  PushSubscriptionRecord,
  'endpoint' | 'keys'
>;

function statusOf(error: unknown): number | undefined {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? status : undefined;
}

/** Sends one payload to one device: 'gone' when the push service says the subscription is no more. */
export async function deliverPush(
  sender: Pick<PushSender, 'vapid' | 'sendNotification'>,
  device: Pick<PushSubscriptionRecord, 'endpoint' | 'keys'>,
  payload: PushPayload,
  options: Pick<RequestOptions, 'TTL' | 'urgency'>,
  logFailure: (error: unknown) => void,
): Promise<PushOutcome> {
  const send = sender.sendNotification ?? sendNotificationOverFetch;
  try {
    await send({ endpoint: device.endpoint, keys: device.keys }, JSON.stringify(payload), {
      ...options,
      vapidDetails: sender.vapid,
    });
    return 'sent';
  } catch (error) {
    const status = statusOf(error);
    if (status !== undefined && GONE_STATUSES.has(status)) return 'gone';
    logFailure(error);
    return 'failed';
  }
}

const isSubscription = (value: unknown): value is PushSubscriptionRecord => {
  const record = value as Partial<PushSubscriptionRecord> | null;
  return (
    typeof record?.endpoint === 'string' &&
    typeof record.keys?.p256dh === 'string' &&
    typeof record.keys.auth === 'string'
  );
};

/** The member's devices with a usable subscription. */
export function devicesOf(value: unknown): DeviceSubscription[] {
  return Object.entries((value ?? {}) as Record<string, unknown>)
    .filter((entry): entry is [string, PushSubscriptionRecord] => isSubscription(entry[1]))
    .map(([deviceId, { endpoint, keys }]) => ({ deviceId, endpoint, keys }));
}

/** Deletes a device's subscription if it still is the one with this endpoint (not one made since). */
export async function deleteGoneSubscription(
  database: Database,
  uid: string,
  device: Pick<DeviceSubscription, 'deviceId' | 'endpoint'>,
): Promise<void> {
  await database
    .ref(reminderPaths.subscription(uid, device.deviceId))
    .transaction((current: PushSubscriptionRecord | null) =>
      current?.endpoint === device.endpoint ? null : current,
    );
}

export interface MemberPushResult {
  sent: number;
  failed: number;
  gone: number;
}

/**
 * Sends one payload to each of the member's devices (or the given ones) at once; none to a disabled
 * member. Gone subscriptions are deleted.
 */
export async function pushToDevices(
  {
    database,
    sender,
    log,
  }: { database: Database; sender: PushSender; log: (m: string, e?: unknown) => void },
  uid: string,
  devices: DeviceSubscription[],
  payload: PushPayload,
  options: Pick<RequestOptions, 'TTL' | 'urgency'>,
): Promise<MemberPushResult> {
  const result: MemberPushResult = { sent: 0, failed: 0, gone: 0 };
  if (devices.length === 0 || (await isMemberDisabled(database, uid))) return result;
  const outcomes = await Promise.all(
    devices.map(async (device) => {
      const outcome = await deliverPush(sender, device, payload, options, (error) =>
        log(`Push to ${uid}/${device.deviceId} failed`, error),
      );
      if (outcome === 'gone')
        await deleteGoneSubscription(database, uid, device).catch((error: unknown) =>
          log(`Push: deleting ${uid}/${device.deviceId}`, error),
        );
      return outcome;
    }),
  );
  for (const outcome of outcomes) result[outcome]++;
  return result;
}

/** The member's devices as stored. */
export async function readDevices(database: Database, uid: string): Promise<DeviceSubscription[]> {
  return devicesOf((await database.ref(reminderPaths.subscriptions(uid)).get()).val());
}
