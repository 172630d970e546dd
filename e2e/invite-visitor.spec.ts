import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContextOptions, TestInfo } from '@playwright/test';
import { challengePath } from '../src/lib/app-addresses';
import { expectNoAxeViolations } from './support/axe';
import { readData, uidsWithEmail, uniqueEmail } from './support/backend';
import { e2eBaseUrl } from './support/e2e-stack';
import { expect, signIn, test } from './support/fixtures';
import { seedChallengeWithLunchOpen } from './support/seed-challenge';

// Issue 40, "First run without dead ends": a visitor opening a friend's invite (docs/product.md, "First run").

/** A fresh browser (no session) of this project's size, in `timezoneId`, as the friend opening the link. */
async function freshBrowser(browser: Browser, testInfo: TestInfo, timezoneId: string) {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  const options: BrowserContextOptions = {
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    timezoneId,
    baseURL: e2eBaseUrl(),
    serviceWorkers: 'block',
  };
  return browser.newContext(options);
}

test.describe('an invite opened by a visitor', () => {
  test.setTimeout(240_000);

  test('shows the join card; "Create account to join" registers and comes back to it; then joins', async ({
    page,
    browser,
    newMember,
  }, testInfo) => {
    const owner = await newMember({ completeProfile: true });
    const title = `Invite ${randomUUID().slice(0, 6)}`;
    const challengeId = await seedChallengeWithLunchOpen(owner, { title, published: true });
    const zone = (await readData<string>(`users/${owner.uid}/challenges/${challengeId}/timezone`))!;

    // The owner opens the challenge to anyone with the link and takes the link.
    await signIn(page, owner);
    await page.goto(challengePath(owner.uid, challengeId, title));
    await page.getByRole('button', { name: 'Invite friends' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite friends' });
    await dialog.getByLabel('Anyone with the link').check();
    const linkBox = dialog.getByRole('textbox', { name: 'Invite link' });
    await expect(linkBox).toHaveValue(/\/join\/[\w-]+\/[\w-]{32}$/, { timeout: 20_000 });
    const link = await linkBox.inputValue();

    const friendContext = await freshBrowser(browser, testInfo, zone);
    const friend = await friendContext.newPage();
    const friendName = `Friend ${randomUUID().slice(0, 6)}`;
    const friendEmail = uniqueEmail('invited');
    try {
      // The join card, not a bare login form: the challenge, who invites, who is in.
      await friend.goto(link);
      await expect(friend).toHaveURL(link);
      const card = friend.getByRole('article', { name: title });
      await expect(card).toBeVisible({ timeout: 20_000 });
      await expect(card.getByText(owner.name).first()).toBeVisible();
      await expect(card.getByRole('heading', { name: '1 member so far' })).toBeVisible();
      await expect(card.getByRole('button', { name: 'Join challenge' })).toHaveCount(0);
      await expect(card.getByRole('link', { name: 'I have an account' })).toBeVisible();
      await expectNoAxeViolations(friend, 'the visitor’s join card');

      await card.getByRole('link', { name: 'Create account to join' }).click();
      await expect(friend.getByRole('heading', { name: 'Register', level: 1 })).toBeVisible();
      await friend.getByLabel('Name').fill(friendName);
      await friend.getByLabel('Email', { exact: true }).fill(friendEmail);
      await friend.getByLabel('Password', { exact: true }).fill('invited-pass-1');
      await friend.getByRole('button', { name: 'Register', exact: true }).click();

      // Back on the join card, now as a member.
      await expect(friend).toHaveURL(link);
      const joinButton = friend.getByRole('button', { name: 'Join challenge' });
      await expect(joinButton).toBeVisible({ timeout: 20_000 });
      await expect(friend.getByRole('heading', { level: 1, name: title })).toBeVisible();

      // A new member completes what a plan needs over the invite, and joins.
      await joinButton.click();
      await friend.getByRole('button', { name: 'Complete your profile' }).click();
      const editor = friend.getByRole('dialog', { name: 'Edit profile' });
      await editor.getByLabel('Location').selectOption('Pune');
      await editor.getByLabel('Preference').selectOption('veg');
      await editor.getByLabel('Height (cm)').fill('158');
      await editor.getByLabel('Weight (kg)').fill('52');
      await editor.getByLabel('Age').fill('26');
      await editor.getByRole('button', { name: 'Save changes' }).click();
      await expect(editor).toBeHidden({ timeout: 20_000 });
      await joinButton.click();
      await expect(friend).toHaveURL(
        new RegExp(`${challengePath(owner.uid, challengeId, title)}$`),
        { timeout: 60_000 },
      );
      const [friendUid] = await uidsWithEmail(friendEmail);
      expect(await readData(`users/${friendUid}/challenges/${challengeId}/groupOwnerId`)).toBe(
        owner.uid,
      );
    } finally {
      await friendContext.close();
    }
  });
});
