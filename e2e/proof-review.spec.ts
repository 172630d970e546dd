import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import phash from 'sharp-phash';
import phashDistance from 'sharp-phash/distance.js';
import { mealPhotoPng } from '../scripts/lib/identicon-png';
import { readData, writeData, type TestMember } from './support/backend';
import { expect, signIn, test } from './support/fixtures';
import { seedChallengeWithLunchOpen } from './support/seed-challenge';

// Issue 31: a copied proof is flagged, earns nothing, and an admin decides it on Admin-X
// (docs/product.md, "Proofs under review").

/** The lunch's card on the challenge page ("Lunch: Rajma rice"). */
const lunchRow = (page: Page) => page.getByRole('article', { name: /^Lunch: / });

/** Signs in, opens the challenge and proves its lunch with `photo`. */
async function proveLunch(
  page: Page,
  member: TestMember,
  challengeId: string,
  title: string,
  photo: Buffer,
) {
  await signIn(page, member);
  await page.goto(
    `/challange/${title.toLowerCase().replaceAll(' ', '-')}/${member.uid}/${challengeId}`,
  );
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page
    .getByLabel('Proof photo for Day 1 lunch')
    .setInputFiles({ name: 'lunch.jpg', mimeType: 'image/jpeg', buffer: photo });
}

/** Logs out through the account menu and waits for the login page (with or without a way back). */
async function logOut(page: Page, member: TestMember) {
  await page.goto('/feed');
  const toggle = page.getByRole('button', { name: 'Toggle navigation' });
  if (await toggle.isVisible()) {
    await toggle.click();
    await expect(page.locator('#main-nav')).toHaveClass(/\bshow\b/);
  }
  const item = page
    .getByRole('button', { name: 'Logout' })
    .or(page.getByRole('link', { name: 'Logout' }));
  await expect(async () => {
    if (!(await item.isVisible())) await page.getByRole('button', { name: member.name }).click();
    await expect(item).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await item.click();
  await expect(page).toHaveURL(/\/login(\?|$)/);
}

/** JPEG at the quality the app compresses proofs to (src/lib/compress-photo.ts), as the browser would. */
const asUploaded = (image: Buffer) => sharp(image).jpeg({ quality: 40 }).toBuffer();

/**
 * A fresh photo and two re-encoded copies of it that stay within a bit of it once compressed for
 * upload. This test is about the review flow, not the hash's robustness (proof-fingerprint tests):
 * a small synthetic picture compressed twice at quality 0.4 drifts past NEAR_DUPLICATE_BITS in
 * about 1 in 70 copies, so a photo whose copies drift is swapped for another before the test.
 */
async function copyablePhoto(): Promise<{ photo: Buffer; copies: Buffer[] }> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const photo = mealPhotoPng(`review-${randomUUID()}`, 480);
    const copies = await Promise.all(
      [60, 80].map((quality) => sharp(photo).jpeg({ quality }).toBuffer()),
    );
    const hash = await phash(await asUploaded(photo));
    const drifts = await Promise.all(
      copies.map(async (copy) => phashDistance(hash, await phash(await asUploaded(copy)))),
    );
    if (drifts.every((drift) => drift <= 1)) return { photo, copies };
  }
  throw new Error('No generated photo kept its hash through re-encoding in 20 tries');
}

const fact = (page: Page, term: string) =>
  page.locator('.profile-facts > div').filter({ has: page.getByText(term, { exact: true }) });

/** True once the image has loaded (a broken image has no natural width). */
const loaded = (scope: Locator, name: string) =>
  scope.getByRole('img', { name }).evaluate((image: HTMLImageElement) => image.naturalWidth > 0);

test.describe('proofs under review', () => {
  test.setTimeout(180_000);

  test('a copied proof is flagged and earns nothing; an admin rejects it with a reason, approves another, and its points count', async ({
    page,
    newMember,
  }) => {
    const original = await newMember({ completeProfile: true });
    const copier = await newMember({ completeProfile: true });
    const second = await newMember({ completeProfile: true });
    const admin = await newMember({ completeProfile: true, admin: true });
    const { photo, copies } = await copyablePhoto();
    const titles = { original: 'Honest lunch', copier: 'Copied lunch', second: 'Second copy' };
    const challenges = {
      original: await seedChallengeWithLunchOpen(original, { title: titles.original }),
      copier: await seedChallengeWithLunchOpen(copier, { title: titles.copier }),
      second: await seedChallengeWithLunchOpen(second, { title: titles.second }),
    };
    const owners = { original, copier, second };
    try {
      // The first member proves lunch with their photo: recorded, no review.
      await proveLunch(page, original, challenges.original, titles.original, photo);
      await expect(page.getByText('Meal check successfully')).toBeVisible({ timeout: 20_000 });
      await expect(lunchRow(page).getByText('Done', { exact: true })).toBeVisible();
      await logOut(page, original);

      // A second member proves theirs with the same photo re-encoded: "Under review", no points.
      await proveLunch(page, copier, challenges.copier, titles.copier, copies[0]);
      await expect(page.getByText(/an admin will check it/)).toBeVisible({ timeout: 20_000 });
      await expect(lunchRow(page).getByText('Under review', { exact: true })).toBeVisible();
      await expect(lunchRow(page).getByText('Done', { exact: true })).toHaveCount(0);
      await expect
        .poll(() => readData<number>(`users/${copier.uid}/info/score`), { timeout: 20_000 })
        .toBe(0);
      await logOut(page, copier);

      // A third copy, to be approved.
      await proveLunch(page, second, challenges.second, titles.second, copies[1]);
      await expect(lunchRow(page).getByText('Under review', { exact: true })).toBeVisible({
        timeout: 20_000,
      });
      await logOut(page, second);

      // The admin sees each flagged proof beside the earlier photo it matches.
      await signIn(page, admin);
      await page.goto('/admin-x');
      const queue = page.getByRole('region', { name: 'Flagged proofs' });
      const copied = queue.getByRole('article', {
        name: `Flagged proof: ${copier.name}, Day 1 lunch`,
      });
      await expect(copied).toBeVisible();
      const flaggedPhoto = `Flagged proof of Day 1 lunch by ${copier.name}`;
      const earlierPhoto = `Earlier proof of Day 1 lunch by ${original.name}`;
      await expect(copied.getByRole('img', { name: flaggedPhoto })).toBeVisible();
      await expect(copied.getByRole('img', { name: earlierPhoto })).toBeVisible();
      await expect.poll(() => loaded(copied, flaggedPhoto)).toBe(true);
      await expect.poll(() => loaded(copied, earlierPhoto)).toBe(true);
      await expect(copied).toContainText('Looks like an earlier proof');
      // Reject needs a reason.
      await expect(copied.getByRole('button', { name: 'Reject' })).toBeDisabled();
      const reason = 'The same photo as another member’s lunch';
      await copied.getByLabel('Reason for rejecting (the member reads it)').fill(reason);
      await copied.getByRole('button', { name: 'Reject' }).click();
      await expect(copied).toHaveCount(0);

      const approved = queue.getByRole('article', {
        name: `Flagged proof: ${second.name}, Day 1 lunch`,
      });
      await approved.getByRole('button', { name: 'Approve' }).click();
      await expect(approved).toHaveCount(0);
      await logOut(page, admin);

      // The rejected member reads "Rejected" with the reason, and may send another photo.
      await signIn(page, copier);
      await page.goto(`/challange/copied-lunch/${copier.uid}/${challenges.copier}`);
      await expect(lunchRow(page).getByText('Rejected', { exact: true })).toBeVisible();
      await expect(lunchRow(page).getByText(`Reason: ${reason}`)).toBeVisible();
      await expect(page.getByLabel('Proof photo for Day 1 lunch')).toBeEnabled();
      expect(await readData<number>(`users/${copier.uid}/info/score`)).toBe(0);
      await logOut(page, copier);

      // The approved proof's points are on the member's score and the boards.
      await signIn(page, second);
      await page.goto(`/profile/${encodeURIComponent(second.name)}/${second.uid}`);
      await expect(fact(page, 'Total Score')).toContainText('10');
      expect(await readData<number>(`leaderboard/all/${second.uid}/points`)).toBe(10);
    } finally {
      for (const [role, owner] of Object.entries(owners))
        await writeData(
          `users/${owner.uid}/challenges/${challenges[role as keyof typeof challenges]}`,
          null,
        );
    }
  });
});
