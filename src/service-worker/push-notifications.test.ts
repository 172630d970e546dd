import { describe, expect, it, vi } from 'vitest';
import {
  listenForPushes,
  notificationOfPush,
  notificationUrl,
  type PushWorkerScope,
} from './push-notifications';

const origin = 'https://challangex.example';
const lunch = {
  kind: 'window-open',
  title: 'Lunch is open until 3:00 PM: Rajma chawal',
  body: 'Day 3 of Lean week. Snap your plate to prove it.',
  tag: 'c1/Day3-lunch',
  ownerId: 'owner 1',
  challengeId: 'c1',
  challengeTitle: 'Lean week',
  mealKey: 'Day3-lunch',
};

describe('a reminder push', () => {
  it('shows the meal, its closing time and dish, one notification per meal', () => {
    const shown = notificationOfPush(JSON.stringify(lunch), origin);
    expect(shown.title).toBe('Lunch is open until 3:00 PM: Rajma chawal');
    expect(shown.options).toMatchObject({
      body: 'Day 3 of Lean week. Snap your plate to prove it.',
      tag: 'c1/Day3-lunch',
      data: { url: `${origin}/challange/lean-week/owner%201/c1?meal=Day3-lunch` },
    });
  });

  it('shows a push that is not JSON as its text, opening the feed', () => {
    const shown = notificationOfPush('Hello', origin);
    expect(shown).toMatchObject({
      title: 'ChallangeX',
      options: { body: 'Hello', data: { url: `${origin}/feed` } },
    });
    expect(shown.options.tag).toBeUndefined();
  });

  it.each([
    ['https://evil.example/phish', `${origin}/feed`],
    ['javascript:alert(1)', `${origin}/feed`],
    ['/profile/Asha/u1', `${origin}/profile/Asha/u1`],
  ])('opens only addresses of the app itself: %s', (url, opened) => {
    expect(notificationUrl({ url }, origin)).toBe(opened);
  });
});

function fakeScope(tabs: Array<{ url: string; navigate?: () => Promise<unknown> }>) {
  const listeners = new Map<string, (event: Event) => void>();
  const waits: Promise<unknown>[] = [];
  const clients = tabs.map((tab) => ({
    url: tab.url,
    focus: vi.fn(async () => undefined),
    navigate: vi.fn(tab.navigate ?? (async () => ({}))),
  }));
  const scope = {
    location: { origin },
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: { matchAll: vi.fn(async () => clients), openWindow: vi.fn(async () => null) },
    addEventListener: (type: string, listener: (event: Event) => void) =>
      listeners.set(type, listener),
  };
  listenForPushes(scope as unknown as PushWorkerScope);
  const dispatch = async (type: string, fields: object) => {
    listeners.get(type)!(
      Object.assign(new Event(type), fields, {
        waitUntil: (promise: Promise<unknown>) => waits.push(promise),
      }),
    );
    await Promise.all(waits);
  };
  return { scope, clients, dispatch };
}

const tapped = (url: string) => ({ notification: { close: vi.fn(), data: { url } } });

describe('the service worker', () => {
  it('shows the notification a push carries', async () => {
    const { scope, dispatch } = fakeScope([]);
    await dispatch('push', { data: { text: () => JSON.stringify(lunch) } });
    expect(scope.registration.showNotification).toHaveBeenCalledWith(
      lunch.title,
      expect.objectContaining({ tag: lunch.tag }),
    );
  });

  it('opens the meal in a new tab when none of the app is open', async () => {
    const { scope, dispatch } = fakeScope([{ url: 'https://other.example/' }]);
    const url = `${origin}/challange/lean-week/o/c1?meal=Day3-lunch`;
    await dispatch('notificationclick', tapped(url));
    expect(scope.clients.openWindow).toHaveBeenCalledWith(url);
  });

  it("brings the app's open tab forward at the meal", async () => {
    const { scope, clients, dispatch } = fakeScope([{ url: `${origin}/feed` }]);
    const url = `${origin}/challange/lean-week/o/c1?meal=Day3-lunch`;
    await dispatch('notificationclick', tapped(url));
    expect(clients[0].focus).toHaveBeenCalled();
    expect(clients[0].navigate).toHaveBeenCalledWith(url);
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens a new tab when the open one cannot be moved (not controlled by the worker)', async () => {
    const { scope, dispatch } = fakeScope([
      {
        url: `${origin}/feed`,
        navigate: async () => Promise.reject(new TypeError('uncontrolled')),
      },
    ]);
    const url = `${origin}/challange/lean-week/o/c1?meal=Day3-lunch`;
    await dispatch('notificationclick', tapped(url));
    expect(scope.clients.openWindow).toHaveBeenCalledWith(url);
  });
});
