/**
 * The browser's Web Push (docs/product.md, "Meal reminders"): whether this device can take reminders, the
 * notification permission, and this device's push subscription. The server keeps the subscriptions
 * (src/domain/api/reminders.ts); this module only talks to the browser, and in an emulator build to the
 * local push service (emulators/push/README.md), since Chromium reaches no real push service offline.
 */

import { readStored, storageKeys, writeStored } from '@/lib/device-storage';
import { callApi } from './api-client';
import { emulators } from './firebase-config';

/** Why this device can or cannot take reminders; each has its own plain explanation on the profile. */
export type PushAvailability =
  | 'available'
  /** iPhone and iPad take web push only in the app added to the home screen. */
  | 'ios-not-installed'
  /** The member (or the browser's settings) refused notifications to this site. */
  | 'denied'
  /** No Push API at all (an old browser, a private window in some browsers). */
  | 'unsupported';

/** The JSON a browser's `PushSubscription.toJSON()` gives, as the API takes it. */
export interface PushSubscriptionJson {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

/**
 * The local push service of an emulator build. `import.meta.env.X` is replaced by a constant at build time:
 * in a production bundle this is `null` and everything that uses it is dropped with it
 * (tests/build/production-build.test.ts checks that no 127.0.0.1:9330 remains).
 */
const localPushService =
  import.meta.env.VITE_USE_EMULATORS === 'true' && emulators
    ? `http://${emulators.host}:${import.meta.env.VITE_PUSH_SERVICE_PORT ?? '9330'}`
    : null;

function isAppleMobile(): boolean {
  const { userAgent, maxTouchPoints } = navigator;
  // iPadOS reports itself as a Mac; a Mac has no touch screen.
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

function isInstalledApp(): boolean {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone;
  return standalone === true || matchMedia('(display-mode: standalone)').matches;
}

/** Whether this device can take reminders now, and if not, why. */
export function pushAvailability(): PushAvailability {
  if (typeof window === 'undefined') return 'unsupported';
  if (isAppleMobile() && !isInstalledApp()) return 'ios-not-installed';
  const hasPush =
    'Notification' in window && 'serviceWorker' in navigator && 'PushManager' in window;
  if (!hasPush) return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'available';
}

/** Asks for the notification permission: call only from the member's tap on the reminders switch. */
export async function requestPushPermission(): Promise<NotificationPermission> {
  if (Notification.permission !== 'default') return Notification.permission;
  return Notification.requestPermission();
}

function base64UrlBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replaceAll('-', '+').replaceAll('_', '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function subscriptionJson(subscription: PushSubscription): PushSubscriptionJson {
  const { endpoint, expirationTime, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('The browser gave no push keys');
  return {
    endpoint,
    expirationTime: expirationTime ?? null,
    keys: { p256dh: keys.p256dh, auth: keys.auth },
  };
}

function readLocalSubscription(): PushSubscriptionJson | null {
  return readStored<PushSubscriptionJson>(storageKeys.localPushSubscription);
}

async function mintLocalSubscription(
  origin: string,
  applicationServerKey: string,
): Promise<PushSubscriptionJson> {
  const response = await fetch(`${origin}/subscriptions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ applicationServerKey }),
  });
  if (!response.ok) throw new Error(`The local push service answered ${response.status}`);
  const subscription = (await response.json()) as PushSubscriptionJson;
  writeStored(storageKeys.localPushSubscription, subscription);
  return subscription;
}

/**
 * This device's subscription for `applicationServerKey` (the API's VAPID public key), made if there is none.
 * A subscription made with another key (the server's keys changed) is replaced.
 */
export async function subscribeToPush(applicationServerKey: string): Promise<PushSubscriptionJson> {
  if (localPushService) {
    return readLocalSubscription() ?? mintLocalSubscription(localPushService, applicationServerKey);
  }
  const registration = await navigator.serviceWorker.ready;
  const key = base64UrlBytes(applicationServerKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing) {
    const existingKey = existing.options.applicationServerKey;
    const sameKey = existingKey !== null && indexedEqual(new Uint8Array(existingKey), key);
    if (sameKey) return subscriptionJson(existing);
    await existing.unsubscribe();
  }
  const created = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  return subscriptionJson(created);
}

function indexedEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}

/** This device's subscription, or null when it has none (or no service worker is installed yet). */
export async function currentPushSubscription(): Promise<PushSubscriptionJson | null> {
  if (localPushService) return readLocalSubscription();
  if (!('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription ? subscriptionJson(subscription) : null;
}

/** Ends this device's subscription in the browser (the server's record is removed through the API). */
export async function unsubscribeFromPush(): Promise<void> {
  if (localPushService) {
    writeStored(storageKeys.localPushSubscription, null);
    return;
  }
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
}

/** The id the server gave this device's subscription (src/domain/api/reminders.ts), kept to name and remove it. */
export function thisDeviceId(): string | null {
  const deviceId = readStored<unknown>(storageKeys.pushDevice);
  return typeof deviceId === 'string' ? deviceId : null;
}

/** A blocked storage keeps nothing: the device is still subscribed, only not named "This phone" here. */
export function rememberThisDevice(deviceId: string | null): void {
  writeStored(storageKeys.pushDevice, deviceId);
}

/** Whether this device is a phone or tablet, for its name in the list ("This phone"). */
export const isHandheld = (): boolean =>
  /Android|iPhone|iPad|iPod|Mobile/.test(navigator.userAgent) || isAppleMobile();

/** How long signing out waits for the server to forget this device before it goes on regardless. */
const SIGN_OUT_REMOVAL_MS = 3000;

/**
 * On signing out (src/features/auth/api/logout.ts): the server forgets this device and the browser ends its
 * subscription, so the next person at this device gets nothing of the member. Best effort: it never throws and
 * gives up after a few seconds, so it never holds the sign-out back.
 */
export async function removeThisDeviceOnSignOut(): Promise<void> {
  const deviceId = thisDeviceId();
  if (deviceId !== null) {
    const removal = callApi(
      `/api/reminders/devices/${encodeURIComponent(deviceId)}`,
      undefined,
      'DELETE',
    ).catch(() => undefined);
    const giveUp = new Promise((resolve) => setTimeout(resolve, SIGN_OUT_REMOVAL_MS));
    await Promise.race([removal, giveUp]);
  }
  await unsubscribeFromPush().catch(() => undefined);
  rememberThisDevice(null);
}
