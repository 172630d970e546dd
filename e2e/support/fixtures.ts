import { test as base, expect, type Page } from '@playwright/test';
import { createMember, type MemberOptions, type TestMember } from './backend';
import { e2eBaseUrl } from './e2e-stack';

/** Signs in through the login screen, as a member would, and waits for the feed. */
export async function signIn(page: Page, member: TestMember): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/feed$/);
}

/** Opens the account menu (inside the collapsed menu on phones) and clicks an entry. */
export async function chooseAccountMenu(
  page: Page,
  member: TestMember,
  entry: 'Profile' | 'Logout' | 'Admin-X',
) {
  const toggle = page.getByRole('button', { name: 'Toggle navigation' });
  if (await toggle.isVisible()) {
    await toggle.click();
    await expect(page.locator('#main-nav')).toHaveClass(/\bshow\b/);
  }
  const item = page
    .getByRole('button', { name: entry })
    .or(page.getByRole('link', { name: entry }));
  // The dropdown can swallow a click made while the collapsed menu is still animating open.
  await expect(async () => {
    if (!(await item.isVisible())) await page.getByRole('button', { name: member.name }).click();
    await expect(item).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await item.click();
}

export const test = base.extend<{
  newMember: (options?: MemberOptions) => Promise<TestMember>;
  signedInMember: TestMember;
}>({
  // The stack's address is only known once global setup has chosen its ports.
  baseURL: async ({}, use) => {
    await use(e2eBaseUrl());
  },
  newMember: async ({}, use) => {
    await use((options) => createMember(options));
  },
  signedInMember: async ({ page }, use) => {
    const member = await createMember({ completeProfile: true });
    await signIn(page, member);
    await use(member);
  },
});

export { expect };
