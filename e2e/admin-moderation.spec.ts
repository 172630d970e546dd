import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { readData, writeData, type TestMember } from './support/backend';
import { e2eStack } from './support/e2e-stack';
import { seedChallenge } from './support/seed-challenge';
import { chooseAccountMenu, expect, signIn, test } from './support/fixtures';

/** Where a member's challenges are listed: the feed filtered by author, as their profile links it. */
const authorFeed = (owner: TestMember) =>
  `/feed?author=${encodeURIComponent(owner.uid)}&name=${encodeURIComponent(owner.name)}`;

async function confirmWithReason(page: Page, button: 'Hide' | 'Disable', reason: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason (optional, the member sees it)').fill(reason);
  await dialog.getByRole('button', { name: button, exact: true }).click();
}

/** A fresh ID token of the member, from the Auth emulator, or its refusal. */
async function signInOverRest(member: TestMember) {
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
  return (await response.json()) as { idToken?: string; error?: { message: string } };
}

test.describe('Admin-X moderation', () => {
  test.setTimeout(120_000);

  test('an admin hides a challenge and another member no longer sees it in the feed or on the profile', async ({
    page,
    newMember,
  }) => {
    const owner = await newMember({ completeProfile: true });
    const viewer = await newMember({ completeProfile: true });
    const admin = await newMember({ completeProfile: true, admin: true });
    const title = `Spam feast ${randomUUID().slice(0, 6)}`;
    const keptTitle = `Honest week ${randomUUID().slice(0, 6)}`;
    const kept = await seedChallenge(owner, { title: keptTitle, published: true });
    const challengeId = await seedChallenge(owner, { title, published: true });
    try {
      await signIn(page, viewer);
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await page.goto(authorFeed(owner));
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await chooseAccountMenu(page, viewer, 'Logout');

      await signIn(page, admin);
      await page.goto('/admin-x');
      await expect(page).toHaveTitle('Admin-X · ChallangeX');
      const feed = page.getByRole('region', { name: 'Challenges in the feed' });
      await feed.getByRole('button', { name: `Hide ${title}` }).click();
      await confirmWithReason(page, 'Hide', 'Advertising');
      await expect(page.getByText(`“${title}” is hidden`)).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Hidden challenges' }).getByText(title),
      ).toBeVisible();
      await expect(feed.getByText(title)).toHaveCount(0);
      const audit = page.getByRole('region', { name: 'Audit log' });
      await expect(audit.getByText(`hid a challenge: ${title}`)).toBeVisible();
      await expect(audit.getByText('Reason: Advertising').first()).toBeVisible();
      expect(await readData(`feed/${challengeId}`)).toBeNull();
      // Away from the user list, whose "Edit {name}" buttons share the account menu's name.
      await page.goto('/feed');
      await chooseAccountMenu(page, admin, 'Logout');

      await signIn(page, viewer);
      // The owner's other challenge shows, so the list has loaded when the hidden one is looked for.
      await expect(page.getByRole('heading', { name: keptTitle })).toBeVisible();
      await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
      await page.goto(authorFeed(owner));
      await expect(page.getByRole('heading', { name: keptTitle })).toBeVisible();
      await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
    } finally {
      await writeData(`feed/${kept}`, null);
      await writeData(`users/${owner.uid}/challenges/${kept}`, null);
      await writeData(`feed/${challengeId}`, null);
      await writeData(`moderation/hiddenFeed/${challengeId}`, null);
      await writeData(`users/${owner.uid}/challenges/${challengeId}`, null);
    }
  });

  test('a member the admin disables can neither sign in nor call the API', async ({
    page,
    newMember,
  }) => {
    const target = await newMember({ completeProfile: true });
    const admin = await newMember({ completeProfile: true, admin: true });
    const { idToken } = await signInOverRest(target);
    const recompute = () =>
      page.request.post('/api/me/recompute', {
        headers: { authorization: `Bearer ${idToken}` },
        data: {},
      });
    expect((await recompute()).status()).toBe(200);

    await signIn(page, admin);
    await page.goto('/admin-x');
    const users = page.getByRole('region', { name: /^User List/ });
    await page.getByLabel('Search members by name or email').fill(target.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText(`1 member matching “${target.email}”`)).toBeVisible();
    await users.getByRole('button', { name: `Disable ${target.name}` }).click();
    await confirmWithReason(page, 'Disable', 'Abusive messages');
    await expect(page.getByText(`${target.name} is disabled`)).toBeVisible();
    await expect(users.getByRole('button', { name: `Enable ${target.name}` })).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Audit log' })
        .getByText(`disabled a member: ${target.email}`),
    ).toBeVisible();

    const refused = await recompute();
    expect(refused.status()).toBe(401);
    expect(((await refused.json()) as { error: string }).error).toMatch(/disabled|revoked/);
    expect((await signInOverRest(target)).error?.message).toBe('USER_DISABLED');
    await chooseAccountMenu(page, admin, 'Logout');

    await page.getByLabel('Email', { exact: true }).fill(target.email);
    await page.getByLabel('Password', { exact: true }).fill(target.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText(/Error signing in|disabled/i).first()).toBeVisible();
    await expect(page).toHaveURL(/\/login(\?next=[^&]+)?$/);
  });
});
