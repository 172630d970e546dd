import { randomUUID } from 'node:crypto';
import type { Page, Route } from '@playwright/test';
import { mealPhotoPng } from '../scripts/lib/identicon-png';
import { writeData, type TestMember } from './support/backend';
import { expect, test } from './support/fixtures';
import { seedChallenge, seedChallengeWithLunchOpen } from './support/seed-challenge';

const HOUR = 3_600_000;
/** A real picture of this run alone (the server flags a copy of any earlier proof: docs/security.md). */
const photo = () => ({
  name: 'lunch.png',
  mimeType: 'image/png',
  buffer: mealPhotoPng(`uploads-${randomUUID()}`),
});

/** The Storage SDK's upload request (a small photo goes in one POST naming the object). */
const isProofUpload = (url: URL) =>
  url.pathname.startsWith('/v0/b/') && url.searchParams.has('name');

/** A challenge whose Day 1 lunch is open now, written straight into the database; opens its page. */
async function openChallengeWithLunchOpen(page: Page, owner: TestMember): Promise<string> {
  const challengeId = await seedChallengeWithLunchOpen(owner, { title: 'Upload week' });
  // The address carries the ids; the stored keys serve pages that still read them.
  await page.evaluate(
    ([cid, uid]) => {
      localStorage.setItem('currentChallange', JSON.stringify(cid));
      localStorage.setItem('currentId', JSON.stringify(uid));
    },
    [challengeId, owner.uid],
  );
  await page.goto(`/challange/upload-week/${owner.uid}/${challengeId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Upload week' })).toBeVisible();
  return challengeId;
}

/** Holds the proof's upload on the wire, so it is still running; the held request, once the app has sent it. */
async function holdProofUpload(page: Page): Promise<() => Route | undefined> {
  let held: Route | undefined;
  await page.route(
    (url) => isProofUpload(url),
    (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      held = route;
    },
  );
  return () => held;
}

const proofInput = (page: Page) => page.getByLabel('Proof photo for Day 1 lunch');
// The bar itself has no width at 0 %; its Pause and Cancel buttons show the upload is running.
const uploadControls = (page: Page) =>
  page.getByRole('group', { name: 'Upload of Day 1 lunch proof' });
const uploadFailure = (page: Page) => page.getByRole('main').getByRole('alert');

test('a proof upload says why it failed, retries, and asks before the page is left mid-upload', async ({
  page,
  signedInMember,
}) => {
  const challengeId = await openChallengeWithLunchOpen(page, signedInMember);
  try {
    // The input offers the gallery as well as the camera.
    await expect(proofInput(page)).toHaveAttribute('accept', 'image/*');
    await expect(proofInput(page)).not.toHaveAttribute('capture');

    // Not a photo: refused before anything is sent.
    await proofInput(page).setInputFiles({
      name: 'notes.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('these are notes, not a photo'),
    });
    await expect(uploadFailure(page)).toContainText('This file could not be read as a photo');
    await expect(page.getByRole('button', { name: 'Retry upload' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Choose another photo' }).click();

    // Storage answers 402 (its quota): the real SDK's code, the reason, and a retry that works.
    await page.route(
      (url) => isProofUpload(url),
      (route) =>
        route.request().method() !== 'POST'
          ? route.continue()
          : route.fulfill({
              status: 402,
              headers: { 'access-control-allow-origin': new URL(page.url()).origin },
              contentType: 'application/json',
              body: '{"error":{"code":402,"message":"Quota exceeded"}}',
            }),
    );
    await proofInput(page).setInputFiles(photo());
    await expect(uploadFailure(page)).toContainText('Photo storage is full for now');
    await expect(page.getByRole('alert', { name: 'Error uploading image' })).toContainText(
      'Photo storage is full for now',
    );
    await page.unrouteAll();

    // The retry is held on the wire, so the upload is still running when the member tries to leave.
    const heldUpload = await holdProofUpload(page);
    await page.getByRole('button', { name: 'Retry upload' }).click();
    await expect(uploadControls(page)).toBeVisible();
    await expect.poll(() => heldUpload() !== undefined).toBe(true);

    const challengeUrl = page.url();
    await page.getByRole('link', { name: 'Privacy Policy' }).click();
    const question = page.getByRole('dialog', { name: 'An upload is running' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Stay' }).click();
    expect(page.url()).toBe(challengeUrl);
    await expect(uploadControls(page)).toBeVisible();

    // Closing the tab asks too (beforeunload); the member stays.
    const unloadQuestion = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const dialog = await unloadQuestion;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();
    expect(page.isClosed()).toBe(false);

    // Let the upload through: the proof is stored and recorded, and leaving no longer asks.
    await heldUpload()!.continue();
    await page.unrouteAll();
    // Recorded: the meal's card says Done and offers no picker any more.
    const lunchCard = page.getByRole('article', { name: /^Lunch: / });
    await expect(lunchCard.getByText('Done', { exact: true })).toBeVisible();
    await expect(proofInput(page)).toHaveCount(0);
    await page.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/about#privacy$/);
  } finally {
    await writeData(`users/${signedInMember.uid}/challenges/${challengeId}`, null);
  }
});

test('Back during an upload asks too, when the page was opened within the app', async ({
  page,
  signedInMember,
}) => {
  const now = Date.now();
  const challengeId = await seedChallenge(signedInMember, {
    title: 'Back week',
    now,
    published: true,
    windows: {
      breakfast: [now - 3 * HOUR, now - 2 * HOUR],
      lunch: [now - 10 * 60_000, now + HOUR],
      dinner: [now + 2 * HOUR, now + 3 * HOUR],
    },
  });
  try {
    // Opened from the feed: Back is a traversal within the app, which the Navigation API lets the page hold.
    await page.goto('/feed');
    await page.getByRole('link', { name: 'Open Challenge Back week' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Back week' })).toBeVisible();
    const challengeUrl = page.url();

    const heldUpload = await holdProofUpload(page);
    await proofInput(page).setInputFiles(photo());
    await expect(uploadControls(page)).toBeVisible();
    await expect.poll(() => heldUpload() !== undefined).toBe(true);

    const question = page.getByRole('dialog', { name: 'An upload is running' });
    await page.evaluate(() => history.back());
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Stay' }).click();
    await expect(question).toBeHidden();
    expect(page.url()).toBe(challengeUrl);
    await expect(uploadControls(page)).toBeVisible();

    // Asked again, the member leaves: the app goes back to the feed.
    await page.evaluate(() => history.back());
    await question.getByRole('button', { name: 'Leave and cancel it' }).click();
    await expect(page).toHaveURL(/\/feed$/);
    await heldUpload()
      ?.abort()
      .catch(() => {});
  } finally {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await writeData(`users/${signedInMember.uid}/challenges/${challengeId}`, null);
    await writeData(`feed/${challengeId}`, null);
  }
});
