import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { storageKeys } from '../src/lib/device-storage';
import { challengePath } from '../src/lib/app-addresses';
import { holdAuthSdk } from './support/auth-sdk';
import { disableMember } from './support/backend';
import { seedChallenge } from './support/seed-challenge';
import { expect, test } from './support/fixtures';

/**
 * A page renders for the session the app saved on the device, and its first reads use that session's token,
 * while the Auth SDK itself loads later (src/services/saved-session.ts); the app never reads the SDK's own
 * storage. The SDK stays the authority: an expired token is left to it, and a session it no longer accepts ends
 * on the login page.
 */

/** The session the app saved (src/services/saved-session.ts), changed in place as another day would leave it. */
async function expireSavedToken(page: Page): Promise<string> {
  return page.evaluate((key) => {
    const record = JSON.parse(localStorage.getItem(key) ?? 'null') as {
      idToken: string;
      tokenExpiresAt: number;
    } | null;
    if (!record) throw new Error('No saved session');
    localStorage.setItem(key, JSON.stringify({ ...record, tokenExpiresAt: Date.now() - 60_000 }));
    return record.idToken;
  }, storageKeys.session);
}

/**
 * Records, in the page, every time its code opens the Auth SDK's IndexedDB database or reads one of the SDK's
 * localStorage keys (the SDK's private storage, which only the SDK may read).
 */
async function watchSdkStorage(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const touched: string[] = [];
    (window as unknown as { sdkStorageTouched: string[] }).sdkStorageTouched = touched;
    const open = IDBFactory.prototype.open;
    IDBFactory.prototype.open = function (name: string, version?: number) {
      if (name === 'firebaseLocalStorageDb') touched.push(`indexedDB ${name}`);
      return open.call(this, name, version);
    };
    const getItem = Storage.prototype.getItem;
    Storage.prototype.getItem = function (key: string) {
      if (key.startsWith('firebase:authUser')) touched.push(`storage ${key}`);
      return getItem.call(this, key);
    };
  });
  return () =>
    page.evaluate(() => (window as unknown as { sdkStorageTouched: string[] }).sdkStorageTouched);
}

test("a member's challenge is on screen, as its owner, while the Auth SDK is held back", async ({
  page,
  signedInMember: owner,
}) => {
  const title = 'Saved session week';
  const challengeId = await seedChallenge(owner, { title });
  const authSdk = await holdAuthSdk(page);

  await page.goto(challengePath(owner.uid, challengeId, title));

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // Owner-only controls: the page knows who is signed in without the SDK.
  await expect(page.getByRole('button', { name: 'Invite friends' })).toBeVisible();
  // Once the page's main content is shown the SDK is asked for, and with it held nothing else is missing.
  await expect.poll(authSdk.held).toBeGreaterThan(0);
  await authSdk.release();
});

test("a visitor's feed shows its first card while the Auth SDK is held back", async ({
  page,
  newMember,
}) => {
  const title = `Visible to visitors ${randomUUID().slice(0, 6)}`;
  await seedChallenge(await newMember({ completeProfile: true }), { title, published: true });
  const authSdk = await holdAuthSdk(page);

  await page.goto('/');

  await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
  // Signed out, known without the SDK: the header offers Login (it offers nothing while that is unknown).
  await expect(
    page
      .locator('#main-nav') // collapsed on phones: hidden, but there
      .getByRole('link', { name: 'Login', exact: true, includeHidden: true }),
  ).toBeAttached();
  await authSdk.release();
});

test("the member's page renders before the Auth SDK without the app opening the SDK's storage", async ({
  page,
  signedInMember: owner,
}) => {
  const title = 'Own session week';
  const challengeId = await seedChallenge(owner, { title });
  const sdkStorageTouched = await watchSdkStorage(page);
  const authSdk = await holdAuthSdk(page);

  await page.goto(challengePath(owner.uid, challengeId, title));

  await expect(page.getByRole('button', { name: 'Invite friends' })).toBeVisible();
  await expect.poll(authSdk.held).toBeGreaterThan(0);
  // Everything so far came from the app's own record: the SDK, held back, has run no code yet.
  expect(await sdkStorageTouched()).toEqual([]);
  await authSdk.release();
});

test('with the saved token expired, the first reads wait for the Auth SDK instead of sending it', async ({
  page,
  signedInMember: owner,
}) => {
  const title = 'Stale token week';
  const challengeId = await seedChallenge(owner, { title });
  // Off the app's pages, so that no page whose SDK runs (and sends the same token, still valid) is left over.
  await page.goto('/manifest.webmanifest');
  const savedToken = await expireSavedToken(page);
  const sentSaved: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    const sent = url.searchParams.get('auth') ?? request.headers().authorization;
    if (sent?.endsWith(savedToken)) sentSaved.push(url.pathname);
  });
  const authSdk = await holdAuthSdk(page);

  await page.goto(challengePath(owner.uid, challengeId, title));

  // The challenge's read asked for the SDK's token; while the SDK is held nothing went out with the saved one.
  await expect.poll(authSdk.held).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 1, name: title })).toHaveCount(0);
  expect(sentSaved).toEqual([]);
  await authSdk.release();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});

test('a saved session the Auth SDK no longer accepts (the account was disabled) ends on the login page', async ({
  page,
  signedInMember: member,
}) => {
  await disableMember(member.uid);
  await page.goto('/feed');
  await expect(page).toHaveURL(/\/login\?next=%2Ffeed$/);
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
});
