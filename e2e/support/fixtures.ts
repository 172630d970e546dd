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
  // Within the nav bar's menu: on phones the bottom nav has a "Profile" link of its own.
  const menu = page.locator('#main-nav');
  const item = menu
    .getByRole('button', { name: entry })
    .or(menu.getByRole('link', { name: entry }));
  // The dropdown can swallow a click made while the collapsed menu is still animating open.
  await expect(async () => {
    if (!(await item.isVisible())) await page.getByRole('button', { name: member.name }).click();
    await expect(item).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await item.click();
  // A logout ends on the login page once Auth has signed the member out (carrying the page they left when it is
  // members-only: src/lib/return-address.ts); leaving before would cut it short.
  if (entry === 'Logout') await expect(page).toHaveURL(/\/login(\?next=[^&]+)?$/);
}

/** What the browser reports when the Content-Security-Policy blocks something. */
interface CspViolation {
  directive: string;
  blocked: string;
  where: string;
}

const REPORT_CSP_VIOLATION = 'reportCspViolation';

export const test = base.extend<{
  newMember: (options?: MemberOptions) => Promise<TestMember>;
  signedInMember: TestMember;
  cspViolations: CspViolation[];
}>({
  // Every page and frame of the test reports what the served CSP (firebase.json's, via
  // vite.config.ts) blocked; any report fails the test, since the app then breaks in production.
  cspViolations: [
    async ({ context }, use) => {
      const violations: CspViolation[] = [];
      await context.exposeBinding(REPORT_CSP_VIOLATION, (_source, violation: CspViolation) => {
        violations.push(violation);
      });
      await context.addInitScript((binding) => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as Record<string, (v: CspViolation) => void>)[binding];
          report({
            directive: event.effectiveDirective,
            blocked: event.blockedURI,
            where: `${event.sourceFile || event.documentURI}:${event.lineNumber}`,
          });
        });
      }, REPORT_CSP_VIOLATION);
      await use(violations);
      expect(violations, 'the page broke the Content-Security-Policy').toEqual([]);
    },
    { auto: true },
  ],
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
