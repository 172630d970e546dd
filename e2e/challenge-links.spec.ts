import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { challengePath } from '../src/lib/app-addresses';
import { createMember, readData, writeData, type TestMember } from './support/backend';
import { expect, signIn, test } from './support/fixtures';
import { seedChallenge } from './support/seed-challenge';

/** Below Bootstrap's lg breakpoint the sidebar (and its banner) sits under the whole page. */
const LG_BREAKPOINT = 992;
const RESERVED_ENTRY_HEIGHT = 62;

const challengeHeading = (page: Page, title: string) =>
  page.getByRole('heading', { level: 1, name: title });
const notFound = (page: Page) =>
  page.getByRole('heading', { level: 1, name: 'Challenge not found' });

/** Leaves the same stored lookup behind as a browser that opened `challengeId` before. */
async function storeLastOpened(page: Page, ownerId: string, challengeId: string) {
  await page.evaluate(
    ([owner, id]) => {
      localStorage.setItem('currentChallange', JSON.stringify(id));
      localStorage.setItem('currentId', JSON.stringify(owner));
    },
    [ownerId, challengeId],
  );
}

async function removeChallenges(member: TestMember) {
  const challenges =
    (await readData<Record<string, unknown>>(`users/${member.uid}/challenges`)) ?? {};
  await Promise.all(Object.keys(challenges).map((id) => writeData(`feed/${id}`, null)));
  await writeData(`users/${member.uid}/challenges`, null);
}

test('a challenge created from the feed opens at its address, and that link opens it in a fresh browser', async ({
  page,
  browser,
}) => {
  const owner = await createMember({ completeProfile: true });
  const title = `Linked lentils ${randomUUID().slice(0, 6)}`;
  try {
    await signIn(page, owner);
    const phone = (page.viewportSize()?.width ?? 0) < LG_BREAKPOINT;
    const start = phone
      ? page.getByRole('region', { name: 'Start a challenge' }).getByRole('button')
      : page
          .getByRole('complementary', { name: 'Sidebar' })
          .getByRole('button', { name: /^(Create Challenge|Start a Challenge)$/ });
    if (phone) {
      // On a phone the entry is on the first screen, without scrolling past the feed, and no taller than the
      // space the layout holds for it while its code loads (src/app/routes/layout-page.tsx), so nothing jumps.
      await expect(start).toBeInViewport();
      const entry = await page.getByRole('region', { name: 'Start a challenge' }).boundingBox();
      expect(entry?.height).toBeLessThanOrEqual(RESERVED_ENTRY_HEIGHT);
    }
    await start.click();

    const form = page.getByRole('dialog', { name: 'Create a meal challenge' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Days').selectOption('2');
    await form.getByLabel('Preference').selectOption('vegan');
    await form.getByLabel('Target body').selectOption('Lean');
    await form.getByLabel('Tomorrow').check();
    await form.getByRole('button', { name: 'Create Challenge' }).click();

    const address = new RegExp(
      `/challange/linked-lentils-[a-z0-9]+/${owner.uid}/([A-Za-z0-9_-]+)$`,
    );
    await expect(page).toHaveURL(address);
    await expect(challengeHeading(page, title)).toBeVisible();
    await expect(page).toHaveTitle(`${title} · ChallangeX`);
    const [, challengeId] = address.exec(page.url()) ?? [];
    expect(await readData(`users/${owner.uid}/challenges/${challengeId}/title`)).toBe(title);

    // Another member, in a browser that never saw the challenge, opens the copied link.
    const viewer = await createMember({ completeProfile: true });
    const fresh = await browser.newContext();
    try {
      const other = await fresh.newPage();
      await signIn(other, viewer);
      await other.goto(page.url());
      await expect(challengeHeading(other, title)).toBeVisible();
      await expect(other.getByRole('link', { name: owner.name })).toBeVisible();
      await expect(other).toHaveTitle(`${title} · ChallangeX`);
      await expect(other).toHaveURL(page.url());
    } finally {
      await fresh.close();
    }
  } finally {
    await removeChallenges(owner);
  }
});

test('the address decides: a stale stored challenge never stands in for the linked one', async ({
  page,
}) => {
  const owner = await createMember({ completeProfile: true });
  const viewer = await createMember({ completeProfile: true });
  const staleTitle = 'Stale sambar week';
  const linkedTitle = 'Linked millet week';
  const staleId = await seedChallenge(owner, { title: staleTitle });
  const linkedId = await seedChallenge(owner, { title: linkedTitle });
  const linked = challengePath(owner.uid, linkedId, linkedTitle);
  try {
    await signIn(page, viewer);
    // This browser opened the stale challenge last.
    await storeLastOpened(page, owner.uid, staleId);

    await page.goto(linked);
    await expect(challengeHeading(page, linkedTitle)).toBeVisible();
    await expect(page.getByText(staleTitle)).toBeHidden();
    await expect(page).toHaveURL(linked);

    // A wrong slug with the right ids moves to the challenge's own slug.
    await page.goto(`/challange/some-old-title/${owner.uid}/${linkedId}`);
    await expect(page).toHaveURL(linked);
    await expect(challengeHeading(page, linkedTitle)).toBeVisible();

    // An old slug-only link uses the stored lookup only when it names that very challenge…
    await storeLastOpened(page, owner.uid, staleId);
    await page.goto('/challange/linked-millet-week');
    await expect(notFound(page)).toBeVisible();
    await expect(page.getByText(staleTitle)).toBeHidden();
    await expect(page).toHaveTitle('Challenge not found · ChallangeX');
    await page.getByRole('link', { name: 'Choose a challenge from the feed' }).click();
    await expect(page).toHaveURL(/\/feed$/);

    // …and then moves to the full address.
    await storeLastOpened(page, owner.uid, linkedId);
    await page.goto('/challange/linked-millet-week');
    await expect(page).toHaveURL(linked);
    await expect(challengeHeading(page, linkedTitle)).toBeVisible();

    // A deleted challenge is gone, also through its link.
    await writeData(`users/${owner.uid}/challenges/${linkedId}/isActive`, false);
    await writeData(`users/${owner.uid}/challenges/${linkedId}/deleted`, true);
    await page.goto(linked);
    await expect(notFound(page)).toBeVisible();
    await expect(page.getByText('This challenge does not exist or was deleted.')).toBeVisible();
  } finally {
    await removeChallenges(owner);
  }
});
