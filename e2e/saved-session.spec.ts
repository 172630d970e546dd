import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { challengePath } from '../src/lib/challenge-route';
import { disableMember } from './support/backend';
import { seedChallenge } from './support/seed-challenge';
import { expect, test } from './support/fixtures';

/**
 * A page renders for the session Firebase Auth saved on the device, and its first reads use that session's
 * token, while the Auth SDK itself loads later (src/services/saved-session.ts). The SDK stays the authority:
 * an expired token is refreshed by it, and a session it no longer accepts ends on the login page.
 */

/**
 * The app's scripts that hold Firebase Auth (they call its REST host), answered only once released; release()
 * also stops routing, so that no script still on its way outlives the test.
 */
async function holdAuthSdk(
  page: Page,
): Promise<{ release: () => Promise<void>; held: () => number }> {
  let open!: () => void;
  const released = new Promise<void>((resolve) => (open = resolve));
  let held = 0;
  await page.route(/\/assets\/[\w.-]+\.js$/, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes('identitytoolkit.googleapis.com')) {
      held += 1;
      await released;
    }
    await route.fulfill({ response, body });
  });
  const release = async () => {
    open();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  };
  return { release, held: () => held };
}

/** The record the Auth SDK keeps in IndexedDB, changed in place by `change` (in the page). */
async function changeSavedSession(page: Page, change: 'expire-token'): Promise<void> {
  await page.evaluate(async (what) => {
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open('firebaseLocalStorageDb');
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error);
    });
    const store = database
      .transaction('firebaseLocalStorage', 'readwrite')
      .objectStore('firebaseLocalStorage');
    const rows = await new Promise<Array<{ fbase_key: string; value: Record<string, unknown> }>>(
      (resolve) => {
        const all = store.getAll();
        all.onsuccess = () => resolve(all.result);
      },
    );
    const row = rows.find((candidate) => candidate.fbase_key.startsWith('firebase:authUser:'));
    if (!row) throw new Error('No saved session');
    if (what === 'expire-token') {
      const tokens = row.value.stsTokenManager as Record<string, unknown>;
      tokens.expirationTime = Date.now() - 60_000;
    }
    await new Promise((resolve) => (store.put(row).onsuccess = resolve));
    database.close();
  }, change);
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
  await expect(page.getByRole('button', { name: `Edit ${title}` })).toBeVisible();
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

test('with the saved token expired, the challenge opens once the Auth SDK has refreshed it', async ({
  page,
  signedInMember: owner,
}) => {
  const title = 'Stale token week';
  const challengeId = await seedChallenge(owner, { title });
  await changeSavedSession(page, 'expire-token');
  const refreshed = page.waitForRequest(/securetoken\.googleapis\.com\/v1\/token/);

  await page.goto(challengePath(owner.uid, challengeId, title));

  await refreshed;
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
