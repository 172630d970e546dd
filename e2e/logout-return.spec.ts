import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { challengePath } from '../src/lib/app-addresses';
import type { TestMember } from './support/backend';
import { e2eBaseUrl } from './support/e2e-stack';
import { chooseAccountMenu, expect, signIn, test } from './support/fixtures';
import { seedChallengeWithLunchOpen } from './support/seed-challenge';

// Issue 45, "Logout goes to a plain login" (docs/product.md, "Back to the link after sign-in"): the return
// address belongs only to a visitor whom a guard or an invite sent to sign in.

/** Logs in on the login screen already on display (wherever its address says to go next). */
async function logInHere(page: Page, member: TestMember) {
  await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Logs out from the account menu and checks it ended on the plain login screen, carrying no page. */
async function logOutToPlainLogin(page: Page, member: TestMember) {
  await chooseAccountMenu(page, member, 'Logout');
  await expect(page.getByText('Logout successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(`${e2eBaseUrl()}/login`);
}

test.describe('logout and the return address', () => {
  test.setTimeout(240_000);

  test('Logout from a members-only page goes to a plain login and the next sign-in to the feed; a guard and an invite still bring a visitor back', async ({
    page,
    newMember,
  }) => {
    const owner = await newMember({ completeProfile: true });
    const friend = await newMember({ completeProfile: true });
    const title = `Return ${randomUUID().slice(0, 6)}`;
    const challengeId = await seedChallengeWithLunchOpen(owner, { title, published: true });
    const challenge = challengePath(owner.uid, challengeId, title);

    // The owner, on their challenge (a members-only page), takes an invite link, then logs out from there.
    await signIn(page, owner);
    await page.goto(challenge);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.getByRole('button', { name: 'Invite friends' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite friends' });
    await dialog.getByLabel('Anyone with the link').check();
    const linkBox = dialog.getByRole('textbox', { name: 'Invite link' });
    await expect(linkBox).toHaveValue(/\/join\/[\w-]+\/[\w-]{32}$/, { timeout: 20_000 });
    const invite = await linkBox.inputValue();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await logOutToPlainLogin(page, owner);

    // Whoever signs in next on this device goes to the feed, not to the owner's page.
    await logInHere(page, friend);
    await expect(page).toHaveURL(`${e2eBaseUrl()}/feed`);
    await expect(page.getByText('Signed in successfully')).toBeVisible();
    await logOutToPlainLogin(page, friend);

    // A guard's return: a visitor opening a members-only link signs in and lands on it.
    await page.goto(challenge);
    await expect(page).toHaveURL(`${e2eBaseUrl()}/login?next=${encodeURIComponent(challenge)}`);
    await logInHere(page, friend);
    await expect(page).toHaveURL(`${e2eBaseUrl()}${challenge}`);
    await expect(page.getByText(title).first()).toBeVisible();
    await logOutToPlainLogin(page, friend);

    // An invite's return: "I have an account" on the join card, then back on the card as a member.
    await page.goto(invite);
    const card = page.getByRole('article', { name: title });
    await expect(card).toBeVisible({ timeout: 20_000 });
    await card.getByRole('link', { name: 'I have an account' }).click();
    await logInHere(page, friend);
    await expect(page).toHaveURL(invite);
    await expect(page.getByRole('button', { name: 'Join challenge' })).toBeVisible({
      timeout: 20_000,
    });
  });
});
