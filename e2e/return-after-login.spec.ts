import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { challengePath, profilePath } from '../src/lib/app-addresses';
import { uniqueEmail, type TestMember } from './support/backend';
import { e2eBaseUrl } from './support/e2e-stack';
import { expect, test } from './support/fixtures';
import { seedChallenge } from './support/seed-challenge';

/** The login address a members' page sends a visitor to: it names that page (src/lib/return-address.ts). */
const loginFor = (address: string) =>
  new RegExp(
    `/login\\?next=${encodeURIComponent(address).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`,
  );

async function logIn(page: Page, member: TestMember) {
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

test.describe('back to the link after signing in', () => {
  test("a visitor who opens a member's challenge link logs in and lands on that challenge", async ({
    page,
    newMember,
  }) => {
    const owner = await newMember({ completeProfile: true });
    const title = `Linked oats ${randomUUID().slice(0, 6)}`;
    const challengeId = await seedChallenge(owner, { title, published: true });
    const link = challengePath(owner.uid, challengeId, title);
    const visitor = await newMember({ completeProfile: true });

    await page.goto(link);
    await expect(page).toHaveURL(loginFor(link));
    await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
    // A reload keeps where to return to: it is in the address, not in memory.
    await page.reload();
    await logIn(page, visitor);

    await expect(page).toHaveURL(new RegExp(`${link}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Signed in successfully')).toBeVisible();
  });

  test('a visitor who switches to Register lands on the profile the link named once registered', async ({
    page,
    newMember,
  }) => {
    const member = await newMember({ completeProfile: true });
    const link = profilePath(member.name, member.uid);

    await page.goto(link);
    await expect(page).toHaveURL(loginFor(link));
    await page.getByRole('main').getByRole('link', { name: 'Register', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Register', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/register\?next=/);
    await page.getByLabel('Name').fill(`Newcomer ${randomUUID().slice(0, 6)}`);
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('newcomer'));
    await page.getByLabel('Password', { exact: true }).fill('first-pass-1');
    await page.getByRole('button', { name: 'Register', exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`${link}$`));
    await expect(page.getByRole('heading', { name: member.name, level: 1 })).toBeVisible();
  });

  test('a login address naming another site ends on this app’s feed', async ({
    page,
    newMember,
  }) => {
    const member = await newMember({ completeProfile: true });
    await page.goto(`/login?next=${encodeURIComponent('//evil.example/feed')}`);
    await logIn(page, member);
    await expect(page).toHaveURL(`${e2eBaseUrl()}/feed`);
  });
});
