/**
 * The service worker's part of meal reminders (docs/product.md, "Meal reminders"): a push shows its
 * notification, and a tap on it opens the challenge page at that meal, in a tab already open if there is
 * one. Bundled into the worker by build-plugins/installable-app.ts (app-worker.ts is its entry).
 */
import { challengePath } from '@/lib/app-addresses';

/** What a push from the API carries (src/domain/reminders/reminder-message.ts, and the nudge and test pushes). */
interface PushedMessage {
  title?: unknown;
  body?: unknown;
  tag?: unknown;
  url?: unknown;
  ownerId?: unknown;
  challengeId?: unknown;
  challengeTitle?: unknown;
  mealKey?: unknown;
}

export interface ShownNotification {
  title: string;
  options: NotificationOptions & { data: { url: string } };
}

const FALLBACK_TITLE = 'ChallangeX';
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/**
 * The address a tap opens: the challenge page at the meal (`?meal=Day3-lunch`) when the push names one;
 * a same-origin `url` it carries otherwise; the feed when it says neither. Never another site.
 */
export function notificationUrl(message: PushedMessage, origin: string): string {
  const ownerId = text(message.ownerId);
  const challengeId = text(message.challengeId);
  if (ownerId && challengeId) {
    const path = challengePath(ownerId, challengeId, text(message.challengeTitle) ?? '');
    const meal = text(message.mealKey);
    return `${origin}${path}${meal ? `?meal=${encodeURIComponent(meal)}` : ''}`;
  }
  const url = text(message.url);
  if (url) {
    try {
      const resolved = new URL(url, origin);
      if (resolved.origin === origin) return resolved.href;
    } catch {
      // Not a URL: the feed.
    }
  }
  return `${origin}/feed`;
}

/** The notification a push's data shows; a push that is not JSON still shows its text. */
export function notificationOfPush(data: string | null, origin: string): ShownNotification {
  let message: PushedMessage = {};
  try {
    const parsed: unknown = data === null ? {} : JSON.parse(data);
    if (parsed && typeof parsed === 'object') message = parsed as PushedMessage;
  } catch {
    message = { body: data };
  }
  const tag = text(message.tag);
  return {
    title: text(message.title) ?? FALLBACK_TITLE,
    options: {
      body: text(message.body) ?? '',
      // One notification per meal: a last call replaces that meal's reminder instead of stacking on it.
      ...(tag ? { tag } : {}),
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: notificationUrl(message, origin) },
    },
  };
}

/** The parts of the service worker's global scope (lib "webworker") this module uses. */
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}
interface PushEventLike extends ExtendableEventLike {
  data: { text(): string } | null;
}
interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface NotificationEventLike extends ExtendableEventLike {
  notification: Notification;
}
export interface PushWorkerScope {
  location: { origin: string };
  registration: ServiceWorkerRegistration;
  clients: {
    matchAll(options: {
      type: 'window';
      includeUncontrolled: boolean;
    }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push' | 'notificationclick', listener: (event: Event) => void): void;
}

/** A tab of the app already open is brought forward at the meal; otherwise a new one opens there. */
async function openMeal(scope: PushWorkerScope, url: string): Promise<void> {
  const tabs = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const tab = tabs.find((client) => new URL(client.url).origin === scope.location.origin);
  if (tab) {
    // Focus is the browser's to grant (a real tap); without it the tab still moves to the meal.
    await tab.focus().catch(() => undefined);
    if (tab.url === url) return;
    // navigate() works only in a tab the worker controls; any other opens the meal in a new one.
    const moved = await tab.navigate(url).catch(() => null);
    if (moved) return;
  }
  await scope.clients.openWindow(url);
}

export function listenForPushes(scope: PushWorkerScope): void {
  scope.addEventListener('push', (event) => {
    const push = event as PushEventLike;
    const { title, options } = notificationOfPush(push.data?.text() ?? null, scope.location.origin);
    push.waitUntil(scope.registration.showNotification(title, options));
  });
  scope.addEventListener('notificationclick', (event) => {
    const click = event as NotificationEventLike;
    click.notification.close();
    const data = click.notification.data as { url?: unknown } | null;
    const url = notificationUrl({ url: data?.url }, scope.location.origin);
    click.waitUntil(openMeal(scope, url));
  });
}
