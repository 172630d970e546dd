/**
 * The database records of meal reminders (docs/architecture.md, "Meal reminders"): all server-only,
 * read and written by the API and the sender with firebase-admin, never by a client.
 */
import type { ReminderSettings } from '@domain/reminders/due-reminders';

export const reminderPaths = {
  /** pushSubscriptions/{uid}/{deviceId}: one per device the member turned reminders on from. */
  subscriptions: (uid: string) => `pushSubscriptions/${uid}`,
  subscription: (uid: string, deviceId: string) => `pushSubscriptions/${uid}/${deviceId}`,
  /** reminderSettings/{uid}: the member's choices, and the zone the sender finds them by. */
  settingsList: 'reminderSettings',
  settings: (uid: string) => `reminderSettings/${uid}`,
  /** reminderState/{uid}: what the sender sent (for the pause after 6) and when the member resumed. */
  state: (uid: string) => `reminderState/${uid}`,
  /** reminderZones/{zoneKey}: every zone some member's reminders follow, for the sender's minute. */
  zones: 'reminderZones',
  zone: (zoneKey: string) => `reminderZones/${zoneKey}`,
} as const;

/** pushSubscriptions/{uid}/{deviceId}: a browser's PushSubscription.toJSON(), and its device's label. */
export interface PushSubscriptionRecord {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  createdAt: number;
  /** "Chrome on Android", shown in the member's list of devices. */
  label?: string;
}

/** reminderSettings/{uid}. */
export interface ReminderSettingsRecord extends ReminderSettings {
  /**
   * The member's zone (users/{uid}/private/timeZone) while reminders are on, copied by the server when
   * the settings or the zone change; absent while off, so the sender's zone query skips the member.
   */
  timeZone?: string;
  updatedAt: number;
}

/** reminderState/{uid}, written by the sender (sentAt), the member's "Resume reminders" (resumedAt) and cheers. */
export interface ReminderStateRecord {
  /** When the latest reminders were sent (at most REMINDER_PAUSE_AFTER kept, oldest first). */
  sentAt?: number[];
  resumedAt?: number;
  /** When the latest cheer push went out: cheers are batched, one push per 30 minutes at most. */
  cheerPushedAt?: number;
}

/** A zone as a database key: IANA names hold '/', which a key may not ('|' may). */
export const zoneKey = (timeZone: string): string => timeZone.replaceAll('/', '|');
export const zoneOfKey = (key: string): string => key.replaceAll('|', '/');
