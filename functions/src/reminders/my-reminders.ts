/**
 * A member's own meal reminders (docs/architecture.md, "Meal reminders"): their devices, settings,
 * the pause and the test push, over the server-only records of reminder-records.ts. The routes
 * (reminders-route.ts) parse the request and call these.
 */
import { createHash } from 'node:crypto';
import type { Database } from 'firebase-admin/database';
import {
  DEFAULT_REMINDER_SETTINGS,
  REMINDER_DEVICES_MAX,
  type MyRemindersResponse,
  type ReminderSettingsView,
  type SubscribeDeviceRequest,
} from '@domain/api/reminders';
import { isValidTimeZone } from '@domain/calendar-dates';
import type { ChallengeRecord } from '@domain/challenges/challenge-record';
import { dbPaths } from '@domain/data/database-paths';
import { remindersPaused, unansweredReminders } from '@domain/reminders/due-reminders';
import { deviceLabel } from '@domain/reminders/device-label';
import { pushEndpointRefusal } from '@domain/reminders/push-endpoint';
import {
  reminderPaths,
  zoneKey,
  type PushSubscriptionRecord,
  type ReminderSettingsRecord,
  type ReminderStateRecord,
} from '@domain/reminders/reminder-records';
import { testPushPayload } from '@domain/reminders/reminder-message';
import { isMemberDisabled } from '../admin/disabled-member-sweep';
import { HttpError } from '../http/http-error';
import {
  pushToDevices,
  readDevices,
  type MemberPushResult,
  type PushSender,
} from './push-delivery';
import { lastProofAt } from './reminder-store';

export interface MyRemindersDependencies {
  database: Database;
  clock: () => number;
  push: PushSender;
  log: (message: string, error?: unknown) => void;
}

/** A device's id: from its endpoint, so subscribing the same browser again finds the same device. */
export const deviceIdOf = (endpoint: string): string =>
  createHash('sha256').update(endpoint).digest('base64url').slice(0, 22);

/** Refuses a disabled member's writes (their reminders stop with their account). */
export async function refuseDisabled(database: Database, uid: string): Promise<void> {
  if (await isMemberDisabled(database, uid))
    throw new HttpError(403, 'account-disabled', 'This account is disabled');
}

/** POST /api/reminders/devices: stores the subscription; `created` false when it was already there. */
export async function subscribeDevice(
  { database, clock, push }: MyRemindersDependencies,
  uid: string,
  subscription: SubscribeDeviceRequest,
  userAgent: string | undefined,
): Promise<{ deviceId: string; created: boolean }> {
  const refusal = pushEndpointRefusal(subscription.endpoint, push);
  if (refusal)
    throw new HttpError(400, 'invalid-request', `endpoint: ${refusal}`, { field: 'endpoint' });
  await refuseDisabled(database, uid);
  const deviceId = deviceIdOf(subscription.endpoint);
  const record: PushSubscriptionRecord = {
    endpoint: subscription.endpoint,
    keys: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
    createdAt: clock(),
    label: deviceLabel(userAgent),
  };
  let created = false;
  let full = false;
  // One transaction over the member's few devices: two subscribes cannot pass the cap together.
  await database
    .ref(reminderPaths.subscriptions(uid))
    .transaction((current: Record<string, PushSubscriptionRecord> | null) => {
      const devices = current ?? {};
      const before = devices[deviceId];
      created = before === undefined;
      full = created && Object.keys(devices).length >= REMINDER_DEVICES_MAX;
      if (full) return undefined;
      // The same browser again: its keys may be new, its first date stays.
      return {
        ...devices,
        [deviceId]: { ...record, createdAt: before?.createdAt ?? record.createdAt },
      };
    });
  if (full)
    throw new HttpError(
      409,
      'conflict',
      `Reminders are on for ${REMINDER_DEVICES_MAX} devices already: remove one first`,
    );
  return { deviceId, created };
}

/** DELETE /api/reminders/devices/:deviceId: only one of the caller's own devices. */
export async function removeDevice(
  database: Database,
  uid: string,
  deviceId: string,
): Promise<void> {
  const device = database.ref(reminderPaths.subscription(uid, deviceId));
  if (!(await device.get()).exists())
    throw new HttpError(404, 'not-found', 'This device has no reminders to remove');
  await device.remove();
}

/** The member's zone when it is a valid one (set with their first challenge). */
async function memberZone(database: Database, uid: string): Promise<string | undefined> {
  const zone: unknown = (await database.ref(dbPaths.memberTimeZone(uid)).get()).val();
  return typeof zone === 'string' && isValidTimeZone(zone) ? zone : undefined;
}

/**
 * The settings record's writes: the member's zone is copied in while reminders are on (the sender
 * finds members by it) and listed under reminderZones; absent while off.
 */
function settingsWrites(
  uid: string,
  settings: ReminderSettingsView,
  zone: string | undefined,
  now: number,
): Record<string, unknown> {
  const timeZone = settings.enabled ? zone : undefined;
  const record: ReminderSettingsRecord = {
    ...settings,
    updatedAt: now,
    ...(timeZone ? { timeZone } : {}),
  };
  return {
    [reminderPaths.settings(uid)]: record,
    ...(timeZone ? { [reminderPaths.zone(zoneKey(timeZone))]: true } : {}),
  };
}

/** PUT /api/reminders/settings. */
export async function saveSettings(
  { database, clock }: MyRemindersDependencies,
  uid: string,
  settings: ReminderSettingsView,
): Promise<ReminderSettingsView> {
  await refuseDisabled(database, uid);
  const zone = await memberZone(database, uid);
  await database.ref().update(settingsWrites(uid, settings, zone, clock()));
  return settings;
}

const settingsView = (record: Partial<ReminderSettingsRecord> | null): ReminderSettingsView => {
  const view = { ...DEFAULT_REMINDER_SETTINGS };
  for (const key of [
    'enabled',
    'breakfast',
    'lunch',
    'dinner',
    'lastCall',
    'cheersAndNudges',
  ] as const)
    if (typeof record?.[key] === 'boolean') view[key] = record[key];
  if (record?.quietHours) view.quietHours = { ...record.quietHours };
  return view;
};

/** Whether the sender paused the member's reminders (6 sent in a row with no proof). */
async function isPaused(database: Database, uid: string): Promise<boolean> {
  const [state, active] = await Promise.all([
    database.ref(reminderPaths.state(uid)).get(),
    database.ref(dbPaths.userChallenges(uid)).orderByChild('isActive').equalTo(true).get(),
  ]);
  const { sentAt = [], resumedAt } = (state.val() ?? {}) as ReminderStateRecord;
  const plans = Object.values((active.val() ?? {}) as Record<string, ChallengeRecord>);
  return remindersPaused(unansweredReminders(Object.values(sentAt), lastProofAt(plans), resumedAt));
}

/**
 * GET /api/reminders. When reminders are on and the member's zone changed since (or was first set by
 * a challenge made after they turned reminders on), the settings follow it here.
 */
export async function readMyReminders(
  { database, clock, push }: MyRemindersDependencies,
  uid: string,
): Promise<MyRemindersResponse> {
  const [settingsSnapshot, devicesSnapshot, paused, zone] = await Promise.all([
    database.ref(reminderPaths.settings(uid)).get(),
    database.ref(reminderPaths.subscriptions(uid)).get(),
    isPaused(database, uid),
    memberZone(database, uid),
  ]);
  const record = settingsSnapshot.val() as ReminderSettingsRecord | null;
  const settings = settingsView(record);
  if (record && settings.enabled && zone && record.timeZone !== zone)
    await database.ref().update(settingsWrites(uid, settings, zone, clock()));
  const devices = Object.entries(
    (devicesSnapshot.val() ?? {}) as Record<string, PushSubscriptionRecord>,
  )
    .map(([deviceId, device]) => ({
      deviceId,
      label: device.label ?? 'A browser',
      createdAt: device.createdAt,
    }))
    .sort((a, b) => a.createdAt - b.createdAt);
  return {
    settings,
    devices,
    paused: settings.enabled && paused,
    applicationServerKey: push.vapid.publicKey,
  };
}

/** POST /api/reminders/test: one push at once, to one device or all; 404 for a device not the member's. */
export async function sendTestReminder(
  { database, push, log }: MyRemindersDependencies,
  uid: string,
  deviceId: string | undefined,
): Promise<MemberPushResult> {
  await refuseDisabled(database, uid);
  const devices = (await readDevices(database, uid)).filter(
    (device) => deviceId === undefined || device.deviceId === deviceId,
  );
  if (deviceId !== undefined && devices.length === 0)
    throw new HttpError(404, 'not-found', 'This device has no reminders turned on');
  if (devices.length === 0)
    throw new HttpError(409, 'conflict', 'Turn reminders on on this device first');
  return pushToDevices({ database, sender: push, log }, uid, devices, testPushPayload(), {
    TTL: 60,
    urgency: 'high',
  });
}

/** POST /api/reminders/resume: the unanswered count starts again from now. */
export async function resumeReminders(
  { database, clock }: MyRemindersDependencies,
  uid: string,
): Promise<void> {
  await refuseDisabled(database, uid);
  await database.ref(`${reminderPaths.state(uid)}/resumedAt`).set(clock());
}
