import type { Page } from '@playwright/test';
import { STORAGE_IMAGES_CACHE, storageKeys } from '../src/lib/device-storage';
import { challengePath } from '../src/lib/app-addresses';
import { mealPhotoPng } from '../scripts/lib/identicon-png';
import { holdAuthSdk } from './support/auth-sdk';
import { disableMember, type TestMember } from './support/backend';
import { e2eProjectId, e2eStack } from './support/e2e-stack';
import { seedChallenge } from './support/seed-challenge';
import { chooseAccountMenu, expect, test } from './support/fixtures';

/**
 * What a member leaves on the device goes whenever their session ends, however it ends (docs/architecture.md,
 * "Device storage"): their saved session, the challenge they opened last (an owner's plan and proofs), the last
 * addresses they opened, and the service worker's copies of their photos.
 */

const memberKeys = Object.values(storageKeys);

/** The scheme's keys present in local or session storage, and whether the worker's photo cache exists. */
function memberDataOnDevice(page: Page) {
  return page.evaluate(
    async ({ keys, photoCache }) => ({
      keys: keys.filter(
        (key) => localStorage.getItem(key) !== null || sessionStorage.getItem(key) !== null,
      ),
      photoCache: await caches.has(photoCache),
    }),
    { keys: memberKeys, photoCache: STORAGE_IMAGES_CACHE },
  );
}

const NOTHING_LEFT = { keys: [], photoCache: false };

/**
 * The member's own challenge opened (its plan is then kept for the next visit), and, without a service worker
 * (blocked in these tests), the copy it would keep of a photo put in its cache by hand.
 */
async function leaveMemberData(page: Page, owner: TestMember, { photo = true } = {}) {
  const title = 'Kept plan week';
  const challengeId = await seedChallenge(owner, { title });
  await page.goto(challengePath(owner.uid, challengeId, title));
  await expect(page.getByRole('button', { name: 'Invite friends' })).toBeVisible();
  if (photo)
    await page.evaluate(async (cache) => {
      const photos = await caches.open(cache);
      await photos.put('/copy-of-a-proof.jpg', new Response('photo'));
    }, STORAGE_IMAGES_CACHE);
  await expect
    .poll(() => memberDataOnDevice(page))
    .toEqual({
      keys: expect.arrayContaining([storageKeys.session, storageKeys.challenge]),
      photoCache: photo,
    });
  return { title, path: challengePath(owner.uid, challengeId, title) };
}

/** What the Admin SDK's auth calls do, on the Auth emulator as its owner. */
async function updateAccount(body: Record<string, unknown>): Promise<void> {
  const auth = `http://127.0.0.1:${e2eStack().ports.auth}/identitytoolkit.googleapis.com/v1`;
  const response = await fetch(`${auth}/accounts:update?key=e2e-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`accounts:update: ${response.status} ${await response.text()}`);
}

/** The issue time (seconds) of the ID token the app saved. */
function savedTokenIssuedAt(page: Page): Promise<number> {
  return page.evaluate((key) => {
    const { idToken } = JSON.parse(localStorage.getItem(key)!) as { idToken: string };
    const payload = idToken.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    return (JSON.parse(atob(payload)) as { iat: number }).iat;
  }, storageKeys.session);
}

test.describe('with the service worker running', () => {
  test.use({ serviceWorkers: 'allow' });

  test("a logout leaves nothing of the member on the device, the worker's copies of their photos included", async ({
    page,
    signedInMember: member,
  }) => {
    // A photo in the project's bucket, shown on a page the worker controls: the worker keeps a copy.
    const storage = `http://127.0.0.1:${e2eStack().ports.storage}`;
    const name = `Challenge/${member.uid}/profile/avtar.jpg`;
    const uploaded = await fetch(
      `${storage}/v0/b/${e2eProjectId}.appspot.com/o?name=${encodeURIComponent(name)}`,
      {
        method: 'POST',
        headers: { 'content-type': 'image/png', authorization: 'Bearer owner' },
        body: new Uint8Array(mealPhotoPng(`device-storage-${member.uid}`)),
      },
    );
    const { downloadTokens } = (await uploaded.json()) as { downloadTokens: string };
    const photoUrl = `${storage}/v0/b/${e2eProjectId}.appspot.com/o/${encodeURIComponent(name)}?alt=media&token=${downloadTokens}`;
    await page.evaluate(() => navigator.serviceWorker.ready);
    await leaveMemberData(page, member, { photo: false });
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.evaluate(
      (src) =>
        new Promise((resolve, reject) => {
          const image = new Image();
          image.onload = resolve;
          image.onerror = reject;
          image.src = src;
        }),
      photoUrl,
    );
    await expect
      .poll(() =>
        page.evaluate(
          async ({ cache, url }) => (await (await caches.open(cache)).match(url)) !== undefined,
          { cache: STORAGE_IMAGES_CACHE, url: photoUrl },
        ),
      )
      .toBe(true);

    await chooseAccountMenu(page, member, 'Logout');

    await expect.poll(() => memberDataOnDevice(page)).toEqual(NOTHING_LEFT);
    const cachedAnywhere = await page.evaluate(async (url) => {
      const names = await caches.keys();
      const found = await Promise.all(names.map(async (n) => (await caches.open(n)).match(url)));
      return found.some((response) => response !== undefined);
    }, photoUrl);
    expect(cachedAnywhere).toBe(false);
  });
});

test('a session the Auth SDK refuses (the account disabled) leaves nothing of the member on the device', async ({
  page,
  signedInMember: member,
}) => {
  const { path } = await leaveMemberData(page, member);
  await disableMember(member.uid);

  await page.goto(path);

  await expect(page).toHaveURL(/\/login\?next=/);
  await expect.poll(() => memberDataOnDevice(page)).toEqual(NOTHING_LEFT);
});

test('a session whose tokens were revoked (Firebase: user-token-expired) leaves nothing of the member on the device', async ({
  page,
  signedInMember: member,
}) => {
  const { path } = await leaveMemberData(page, member);
  // Revoked as the Admin SDK's revokeRefreshTokens (or a password change) does: every token issued before now.
  const issuedAt = await savedTokenIssuedAt(page);
  await expect.poll(() => Math.floor(Date.now() / 1000)).toBeGreaterThan(issuedAt);
  await updateAccount({ localId: member.uid, validSince: String(Math.floor(Date.now() / 1000)) });

  await page.goto(path);

  await expect(page).toHaveURL(/\/login\?next=/);
  await expect.poll(() => memberDataOnDevice(page)).toEqual(NOTHING_LEFT);
});

test('an expired saved session the Auth SDK no longer holds leaves nothing of the member on the device', async ({
  page,
  signedInMember: member,
}) => {
  const { path } = await leaveMemberData(page, member);
  // Off the app's pages (nothing holds the SDK's database open): its session gone, the app's token expired.
  await page.goto('/manifest.webmanifest');
  await page.evaluate(async (key) => {
    await new Promise((resolve, reject) => {
      const deleting = indexedDB.deleteDatabase('firebaseLocalStorageDb');
      deleting.onsuccess = resolve;
      deleting.onerror = reject;
    });
    const record = JSON.parse(localStorage.getItem(key)!) as Record<string, unknown>;
    localStorage.setItem(key, JSON.stringify({ ...record, tokenExpiresAt: Date.now() - 60_000 }));
  }, storageKeys.session);

  await page.goto(path);

  await expect(page).toHaveURL(/\/login\?next=/);
  await expect.poll(() => memberDataOnDevice(page)).toEqual(NOTHING_LEFT);
});

test('a sign-out in another tab ends the session in this one before its Auth SDK has loaded', async ({
  page,
  context,
  signedInMember: member,
}) => {
  const { path } = await leaveMemberData(page, member);
  const other = await context.newPage();
  const authSdk = await holdAuthSdk(other);
  await other.goto(path);
  await expect(other.getByRole('button', { name: 'Invite friends' })).toBeVisible();

  await chooseAccountMenu(page, member, 'Logout');

  // The tab still without the SDK follows the saved session's removal: the member's page is gone there too.
  await expect(other).toHaveURL(/\/login\?next=/);
  await expect(other.getByRole('button', { name: 'Invite friends' })).toHaveCount(0);
  await expect.poll(() => memberDataOnDevice(other)).toEqual(NOTHING_LEFT);
  await authSdk.release();
});

test('a sign-out in another tab ends the session in one whose Auth SDK runs, which leaves nothing either', async ({
  page,
  context,
  signedInMember: member,
}) => {
  const { path } = await leaveMemberData(page, member);
  const other = await context.newPage();
  // Its SDK loads once the challenge is on screen, and restores the session with an account lookup.
  const restored = other.waitForResponse(/accounts:lookup/);
  await other.goto(path);
  await expect(other.getByRole('button', { name: 'Invite friends' })).toBeVisible();
  await restored;

  await chooseAccountMenu(page, member, 'Logout');

  await expect(other).toHaveURL(/\/login\?next=/);
  await expect.poll(() => memberDataOnDevice(other)).toEqual(NOTHING_LEFT);
});
