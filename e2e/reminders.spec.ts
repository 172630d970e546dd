import type { BrowserContext, Page } from '@playwright/test';
import { encodeBoardWindows } from '@domain/challenges/board-windows';
import { MEAL_SLOTS } from '@domain/constants';
import { challengePath } from '../src/lib/app-addresses';
import { readData, writeData, type TestMember } from './support/backend';
import { e2eStack } from './support/e2e-stack';
import { expect, test } from './support/fixtures';
import { deliveriesTo } from './support/push-service';
import { seedChallengeWithLunchOpen } from './support/seed-challenge';
import { storageKeys } from '../src/lib/device-storage';

// Meal reminders (docs/product.md, "Meal reminders"): the service worker runs here, as on a member's phone.
test.use({ serviceWorkers: 'allow' });

/** The subscription the emulator build took from the local push service (src/services/web-push.ts). */

async function openOwnProfile(page: Page, member: { name: string; uid: string }) {
  await page.goto(`/profile/${encodeURIComponent(member.name)}/${member.uid}`);
  await expect(page.getByRole('heading', { name: 'Meal reminders' })).toBeVisible();
}

/** Waits until the app's service worker is active and controls the page (the first visit installs it). */
async function controlledByWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}

/** The registration's id as DevTools knows it, for ServiceWorker.deliverPushMessage. */
async function pushToWorker(context: BrowserContext, page: Page, origin: string, data: unknown) {
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find(
        (registration) => !registration.isDeleted && registration.scopeURL === `${origin}/`,
      );
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify(data),
  });
  await cdp.detach();
}

const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((notification) => ({
      title: notification.title,
      body: notification.body,
      tag: notification.tag,
      data: notification.data as unknown,
    }));
  });

/** Turns reminders on from the profile; returns this browser's subscription endpoint at the local push service. */
async function turnRemindersOn(page: Page, member: TestMember): Promise<string> {
  await openOwnProfile(page, member);
  const reminders = page.getByRole('region', { name: 'Meal reminders' });
  await reminders.getByRole('switch', { name: 'Remind me when a meal window opens' }).click();
  await expect(reminders.getByRole('switch', { name: 'Cheers and nudges' })).toBeChecked();
  return localEndpoint(page);
}

async function localEndpoint(page: Page): Promise<string> {
  const subscription = await page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? 'null') as { endpoint: string } | null,
    storageKeys.localPushSubscription,
  );
  expect(subscription?.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/push\//);
  return subscription!.endpoint;
}

/** A group challenge of `owner` (lunch open, not proved) that `friend` has joined: both board rows. */
async function seedGroupWithFriend(owner: TestMember, friend: TestMember): Promise<string> {
  const challengeId = await seedChallengeWithLunchOpen(owner, { title: 'Team lunch' });
  const path = `users/${owner.uid}/challenges/${challengeId}`;
  await writeData(`${path}/access`, 'link');
  await writeData(`${path}/memberCount`, 2);
  const day = (await readData<Record<string, { opensAt: number; closesAt: number }>>(
    `${path}/meals/Day1`,
  ))!;
  const windows = encodeBoardWindows(
    MEAL_SLOTS.map((slot) => ({ key: `Day1-${slot}` as const, ...day[slot]! })),
  );
  const row = (displayName: string) => ({
    displayName,
    photoURL: '',
    joinedAt: Date.now() - 60_000,
    proved: 0,
    points: 0,
    windows,
  });
  await writeData(`groups/${challengeId}`, {
    ownerId: owner.uid,
    access: 'link',
    memberCount: 2,
    members: { [owner.uid]: row(owner.name), [friend.uid]: row(friend.name) },
  });
  return challengeId;
}

async function idTokenOf(member: TestMember): Promise<string> {
  const response = await fetch(
    `http://127.0.0.1:${e2eStack().ports.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=e2e-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: member.email,
        password: member.password,
        returnSecureToken: true,
      }),
    },
  );
  return ((await response.json()) as { idToken: string }).idToken;
}

test('a member turns reminders on and the test reminder reaches the push service, decrypted', async ({
  page,
  context,
  baseURL,
  signedInMember,
}, testInfo) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await openOwnProfile(page, signedInMember);
  const reminders = page.getByRole('region', { name: 'Meal reminders' });
  const turnOn = reminders.getByRole('switch', { name: 'Remind me when a meal window opens' });
  await expect(turnOn).not.toBeChecked();
  await turnOn.click();
  await expect(reminders.getByRole('switch', { name: 'Lunch' })).toBeChecked();
  await expect(turnOn).toBeChecked();
  for (const name of ['Breakfast', 'Dinner', 'Last call', 'Cheers and nudges'])
    await expect(reminders.getByRole('switch', { name })).toBeChecked();
  const here = testInfo.project.name === 'mobile' ? 'This phone · ' : 'This computer · ';
  await expect(reminders.getByRole('list', { name: 'Devices' })).toContainText(here);

  await reminders.getByRole('button', { name: 'Send a test reminder' }).click();
  await expect(reminders.getByText(/^Test reminder sent/)).toBeVisible();
  const endpoint = await localEndpoint(page);
  await expect
    .poll(async () => (await deliveriesTo(endpoint)).map((d) => d.payload))
    .toEqual([expect.objectContaining({ kind: 'test', title: 'ChallangeX reminders are on' })]);

  // Choices persist: a reload shows what the server keeps.
  await reminders.getByRole('switch', { name: 'Lunch' }).click();
  await expect(reminders.getByRole('switch', { name: 'Lunch' })).not.toBeChecked();
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Meal reminders' }).getByRole('switch', { name: 'Lunch' }),
  ).not.toBeChecked();
});

test('a reminder pushed to the service worker shows its notification, and a tap opens the meal', async ({
  page,
  context,
  baseURL,
  signedInMember,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  const title = 'Clockwork week';
  const challengeId = await seedChallengeWithLunchOpen(signedInMember, { title });
  await controlledByWorker(page);

  const reminder = {
    kind: 'window-open',
    title: 'Lunch is open until 3:00 PM: Rajma chawal',
    body: `Day 1 of ${title}. Snap your plate to prove it.`,
    tag: `${challengeId}/Day1-lunch`,
    ownerId: signedInMember.uid,
    challengeId,
    challengeTitle: title,
    mealKey: 'Day1-lunch',
  };
  await pushToWorker(context, page, baseURL!, reminder);
  const mealUrl = `${baseURL}${challengePath(signedInMember.uid, challengeId, title)}?meal=Day1-lunch`;
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([
      {
        title: reminder.title,
        body: reminder.body,
        tag: reminder.tag,
        data: { url: mealUrl },
      },
    ]);

  // Headless Chromium shows no notification to click: the worker gets the tap as the browser would send it.
  const [worker] = context.serviceWorkers();
  await worker!.evaluate(async () => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent(event: Event): boolean;
    };
    const [notification] = await scope.registration.getNotifications();
    const NotificationEvent = (
      globalThis as unknown as Record<
        string,
        new (type: string, init: { notification: Notification }) => Event
      >
    ).NotificationEvent!;
    scope.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
  });
  await expect(page).toHaveURL(mealUrl);
  await expect(page.getByRole('button', { name: 'Snap your lunch' }).first()).toBeVisible();
  await expect.poll(() => shownNotifications(page)).toEqual([]);
});

test("a nudge from another member of the group reaches the nudged member's phone", async ({
  page,
  context,
  baseURL,
  signedInMember,
  newMember,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  const friend = await newMember({ completeProfile: true });
  const challengeId = await seedGroupWithFriend(signedInMember, friend);
  const endpoint = await turnRemindersOn(page, signedInMember);

  const nudged = await page.request.post(
    `/api/challenges/${challengeId}/members/${signedInMember.uid}/nudges`,
    { headers: { authorization: `Bearer ${await idTokenOf(friend)}` }, data: {} },
  );
  expect(nudged.status()).toBe(201);
  await expect
    .poll(async () => (await deliveriesTo(endpoint)).map((delivery) => delivery.payload))
    .toEqual([
      expect.objectContaining({
        kind: 'nudge',
        title: `${friend.name} nudged you: lunch is waiting for its photo`,
        challengeId,
        mealKey: 'Day1-lunch',
      }),
    ]);
});
