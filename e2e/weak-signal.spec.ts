import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { mealPhotoPng } from '../scripts/lib/identicon-png';
import { readData, type TestMember } from './support/backend';
import { expect, test } from './support/fixtures';
import { seedChallengeWithLunchOpen } from './support/seed-challenge';

// A proof photo taken without a network waits on the phone and still counts (docs/product.md, "Photos
// that wait for the network"). The service worker serves the app for the reload without a network.
test.use({ serviceWorkers: 'allow' });

/** A real picture of this run alone (the server flags a copy of any earlier proof). */
const photo = () => ({
  name: 'lunch.png',
  mimeType: 'image/png',
  buffer: mealPhotoPng(`weak-signal-${randomUUID()}`),
});

async function openChallengeWithLunchOpen(page: Page, owner: TestMember): Promise<string> {
  const challengeId = await seedChallengeWithLunchOpen(owner, { title: 'Signal week' });
  await page.goto(`/challange/signal-week/${owner.uid}/${challengeId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Signal week' })).toBeVisible();
  // Under the worker's control, so a reload without a network still opens the app.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Signal week' })).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  return challengeId;
}

const lunchRow = (page: Page) => page.getByRole('article', { name: /^Lunch/ });
const savedOnPhone = (page: Page) => lunchRow(page).getByText('Saved on this phone');

test('offline: the photo is saved on this phone, survives a reload, and uploads and counts once online', async ({
  page,
  context,
  signedInMember: member,
}) => {
  const challengeId = await openChallengeWithLunchOpen(page, member);
  await context.setOffline(true);
  await page.getByLabel('Proof photo for Day 1 lunch').setInputFiles(photo());
  await expect(savedOnPhone(page)).toBeVisible();
  await expect(lunchRow(page)).toContainText("uploads when you're back online");
  await expect(
    page.getByRole('status').filter({ hasText: '1 photo saved on this phone' }),
  ).toBeVisible();

  await page.reload();
  await expect(savedOnPhone(page)).toBeVisible();

  await context.setOffline(false);
  await expect(lunchRow(page).getByText('Done', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(savedOnPhone(page)).toHaveCount(0);
  const meal = await readData<{ status: string; doneAt: number; claimedAt?: number }>(
    `users/${member.uid}/challenges/${challengeId}/meals/Day1/lunch`,
  );
  expect(meal?.status).toBe('Done');
  // The proof route derives the points in the same request, just after writing the meal.
  await expect.poll(() => readData<number>(`users/${member.uid}/info/score`)).toBe(10);
  // Nothing of the photo is left on the phone once it is recorded.
  const left = () =>
    page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const request = indexedDB.open('challangex.v1.waiting-proofs');
          request.onsuccess = () => {
            const db = request.result;
            if (!db.objectStoreNames.contains('proofs')) return resolve(0);
            const count = db.transaction('proofs').objectStore('proofs').count();
            count.onsuccess = () => resolve(count.result);
            count.onerror = () => reject(count.error);
          };
          request.onerror = () => reject(request.error);
        }),
    );
  await expect.poll(left).toBe(0);
});
