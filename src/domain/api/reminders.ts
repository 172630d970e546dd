import { z } from '@domain/zod';
import type { ReminderSettings } from '@domain/reminders/due-reminders';

/**
 * The meal-reminder routes' contract (docs/architecture.md, "Meal reminders"): what the app sends and
 * what the API answers, used by both functions/src/reminders and src/features/reminders/api. Every
 * route is the signed-in member's own; their records are server-only (docs/security.md).
 */

/** A push endpoint is a URL the push service gave the browser; real ones are a few hundred bytes. */
export const PUSH_ENDPOINT_MAX_CHARS = 1024;
/** A member's devices at most: a new one past this is refused until one is removed. */
export const REMINDER_DEVICES_MAX = 10;

/** `PushSubscription.toJSON().keys`: p256dh is a P-256 public point (65 bytes), auth 16 bytes, base64url. */
const P256DH = /^[A-Za-z0-9_-]{87}=?$/;
const AUTH_SECRET = /^[A-Za-z0-9_-]{22}(==)?$/;

/**
 * POST /api/reminders/devices: the browser's `PushSubscription.toJSON()`. The endpoint must be https
 * (the server also takes the local push service's http endpoints, under the emulators only). The
 * device's label ("Chrome on Android") comes from the request's User-Agent, never from the body.
 */
export const subscribeDeviceRequestSchema = z.strictObject({
  endpoint: z
    .string()
    .max(PUSH_ENDPOINT_MAX_CHARS, `Must be at most ${PUSH_ENDPOINT_MAX_CHARS} characters`)
    .url('Must be a push service URL'),
  expirationTime: z.number().int().nonnegative().nullable().optional(),
  keys: z.strictObject({
    p256dh: z.string().max(88, 'Too long').regex(P256DH, 'Not a P-256 public key (base64url)'),
    auth: z.string().max(24, 'Too long').regex(AUTH_SECRET, 'Not a 16-byte secret (base64url)'),
  }),
});
export type SubscribeDeviceRequest = z.input<typeof subscribeDeviceRequestSchema>;
/** 201 when the device is new, 200 when this endpoint was already the member's (same deviceId). */
export interface SubscribeDeviceResponse {
  deviceId: string;
}

/** DELETE /api/reminders/devices/:deviceId: 404 when it is not one of the caller's devices. */
export interface RemoveDeviceResponse {
  deviceId: string;
  removed: true;
}

const LOCAL_CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const localClock = z.string().regex(LOCAL_CLOCK, 'Must be a time HH:mm (24-hour)');

/**
 * PUT /api/reminders/settings: the member's whole choice (no partial update). Quiet hours run from
 * `start` (included) to `end` (excluded) in the member's zone, wrapping midnight when start > end.
 */
export const reminderSettingsRequestSchema = z.strictObject({
  enabled: z.boolean(),
  breakfast: z.boolean(),
  lunch: z.boolean(),
  dinner: z.boolean(),
  lastCall: z.boolean(),
  cheersAndNudges: z.boolean(),
  quietHours: z.strictObject({ start: localClock, end: localClock }).nullable(),
}) satisfies z.ZodType<ReminderSettings>;
export type ReminderSettingsRequest = z.input<typeof reminderSettingsRequestSchema>;
/** The settings as stored (what GET answers in `settings`). */
export type ReminderSettingsView = z.output<typeof reminderSettingsRequestSchema>;
export type ReminderSettingsResponse = ReminderSettingsView;

/** What a member who never chose sees: off, every meal and kind on once they turn it on. */
export const DEFAULT_REMINDER_SETTINGS: ReminderSettingsView = {
  enabled: false,
  breakfast: true,
  lunch: true,
  dinner: true,
  lastCall: true,
  cheersAndNudges: true,
  quietHours: null,
};

/** One of the member's devices as the profile lists it ("Chrome on Android · Remove"). */
export interface ReminderDevice {
  deviceId: string;
  label: string;
  createdAt: number;
}

/** GET /api/reminders: everything the "Meal reminders" section shows. */
export interface MyRemindersResponse {
  settings: ReminderSettingsView;
  devices: ReminderDevice[];
  /** Reminders stopped by themselves after 6 in a row with no proof; "Resume reminders" clears it. */
  paused: boolean;
  /** The VAPID public key for `pushManager.subscribe({ applicationServerKey })` (base64url). */
  applicationServerKey: string;
}

/** POST /api/reminders/test {deviceId?}: one push at once to that device, or to all the member's. */
export const testReminderRequestSchema = z.strictObject({
  deviceId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a device id')
    .optional(),
});
export type TestReminderRequest = z.input<typeof testReminderRequestSchema>;
/** `sent`: pushes the push services accepted; `failed`: the rest (gone subscriptions are removed). */
export interface TestReminderResponse {
  sent: number;
  failed: number;
}

/** POST /api/reminders/resume {}: clears the pause. */
export const resumeRemindersRequestSchema = z.strictObject({});
export interface ResumeRemindersResponse {
  paused: false;
}
