import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/*
 * The public pages the build prerenders (docs/architecture.md, "Prerendered public pages"): their content shows
 * before any script runs, React takes the markup over as it is (hydration, no second render of the page), and a
 * member opening the home never sees the visitor's content.
 */

const HOME_BANNER = 'Which Challenge Would You Like to Take Today ?';
const HOME_INTRO = 'Meal challenges that count';

/** Every console error and uncaught error of the page (React reports a hydration mismatch as one). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Keeps the page's first heading as the HTML delivered it, before any script ran. */
async function keepDeliveredHeading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const state = window as unknown as { deliveredHeading: Element | null };
      state.deliveredHeading = document.querySelector('#main h1');
    });
  });
}

/** Whether React has adopted the delivered heading: the same element, now bound to its fiber. */
function headingAdopted(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const { deliveredHeading } = window as unknown as { deliveredHeading: Element | null };
    return (
      deliveredHeading !== null &&
      deliveredHeading.isConnected &&
      Object.keys(deliveredHeading).some((key) => key.startsWith('__reactFiber$'))
    );
  });
}

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the home shows its banner, intro and the way to an account', async ({ page }) => {
    await page.goto('/');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: HOME_BANNER, exact: true })).toBeVisible();
    await expect(main.getByRole('heading', { name: HOME_INTRO, exact: true })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Register', exact: true })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'ChallangeX', exact: true })).toBeVisible();
  });

  test('about, contact and the leader-board show their headings', async ({ page }) => {
    for (const [path, heading] of [
      ['/about', 'Our mission: elevate every meal'],
      ['/contact', 'Contact'],
      ['/leader-board', 'Leader-board'],
    ] as const) {
      await page.goto(path);
      await expect(
        page.getByRole('heading', { level: 1, name: heading, exact: true }),
      ).toBeVisible();
    }
  });
});

test.describe('with JavaScript', () => {
  for (const path of ['/', '/about', '/contact', '/leader-board']) {
    test(`${path} is hydrated: React adopts the delivered markup, with no console error`, async ({
      page,
    }) => {
      const errors = watchErrors(page);
      await keepDeliveredHeading(page);
      await page.goto(path);
      await expect.poll(() => headingAdopted(page)).toBe(true);
      await page.waitForLoadState('networkidle');
      expect(errors).toEqual([]);
    });
  }

  test('the hydrated about page acts: Take Challenge sends a visitor to log in', async ({
    page,
  }) => {
    await keepDeliveredHeading(page);
    await page.goto('/about');
    await expect.poll(() => headingAdopted(page)).toBe(true);
    await page.getByRole('button', { name: 'Take Challenge', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a signed-in member opening the home never sees the visitor content', async ({
    page,
    signedInMember: _member,
  }) => {
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const main = document.querySelector('#main');
        const state = window as unknown as { deliveredMainVisibility: string | null };
        state.deliveredMainVisibility = main && getComputedStyle(main).visibility;
      });
    });
    const errors = watchErrors(page);
    await page.goto('/');
    // Hidden from the first paint on: the prerendered page is the visitor's.
    expect(
      await page.evaluate(
        () => (window as unknown as { deliveredMainVisibility: string }).deliveredMainVisibility,
      ),
    ).toBe('hidden');
    // Then the member's own home, drawn by React, and nothing of the visitor's.
    await expect(page.getByRole('heading', { name: HOME_BANNER, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: HOME_INTRO, exact: true })).toHaveCount(0);
    await expect(page.locator('html')).not.toHaveClass(/member-session/);
    expect(errors).toEqual([]);
  });
});
