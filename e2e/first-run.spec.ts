import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { mealPhotoPng } from '../scripts/lib/identicon-png';
import { expectNoAxeViolations } from './support/axe';
import { readData, uidsWithEmail, uniqueEmail, writeData } from './support/backend';
import { expect, test } from './support/fixtures';

// Issue 40, "First run without dead ends" and "Today" (docs/product.md), at 1280 px and 375 px: a new
// member's whole way from the signed-out home to the first meal proved from the feed.

/**
 * The browser's zone, which the app gives the member's first challenge: one where it is 12:xx now, so
 * lunch (12:00–15:00 there) is open for two hours more whatever the hour in UTC. Offsets run from UTC-11
 * to UTC+12, all real zones.
 */
function zoneWhereLunchIsOpen(now = new Date()): string {
  const offset = 12 - now.getUTCHours();
  // Etc/GMT signs are inverted: Etc/GMT-8 is UTC+8.
  return offset === 0 ? 'Etc/GMT' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

/**
 * Axe on a screen once the toasts are gone: one fading out is half transparent, which axe reads as too
 * little contrast (the registration and creation toasts last 2.5 s, src/lib/toast.ts).
 */
async function expectNoAxeViolationsOnceSettled(page: Page, screen: string) {
  await expect(page.locator('.swal2-toast')).toHaveCount(0, { timeout: 10_000 });
  await expectNoAxeViolations(page, screen);
}

/** The first visible way into creating: the phone's entry above the page, or the sidebar banner. */
const startButton = (page: Page) =>
  page
    .getByRole('button', { name: /^(Create Challenge|Start a Challenge)$/ })
    .filter({ visible: true })
    .first();

test.describe('first run', () => {
  test.setTimeout(180_000);
  test.use({ timezoneId: zoneWhereLunchIsOpen() });
  let uid: string | undefined;
  test.afterEach(async () => {
    if (!uid) return;
    const challenges = (await readData<Record<string, unknown>>(`users/${uid}/challenges`)) ?? {};
    await Promise.all(Object.keys(challenges).map((id) => writeData(`feed/${id}`, null)));
    await writeData(`users/${uid}/challenges`, null);
  });

  test('a visitor registers, sets up their plan, creates a challenge and snaps lunch from Today', async ({
    page,
  }) => {
    const name = `Nisha ${randomUUID().slice(0, 6)}`;
    const email = uniqueEmail('first-run');

    // The signed-out home: the product's banner, then the app in one line and three steps.
    await page.goto('/');
    await expect(
      page.getByRole('heading', { name: 'Which Challenge Would You Like to Take Today ?' }),
    ).toBeVisible();
    const intro = page.getByRole('region', { name: 'Meal challenges that count' });
    await expect(intro).toBeVisible();
    await expect(intro.getByRole('listitem')).toHaveText([
      /Get a plan/,
      /Snap each meal/,
      /Earn points and streaks/,
    ]);
    await expectNoAxeViolations(page, 'the signed-out home');

    await intro.getByRole('link', { name: 'Register', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Register', level: 1 })).toBeVisible();
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('first-run-1');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    [uid] = await uidsWithEmail(email);

    // Welcomed, not welcomed back.
    const welcome = page.getByRole('region', { name: `Welcome to ChallangeX, ${name}!` });
    await expect(welcome).toBeVisible();
    await expect(page.getByText(/welcome back/i)).toHaveCount(0);
    await expectNoAxeViolationsOnceSettled(page, 'the new member’s home');

    // Start a Challenge opens a form: first "Set up your plan", with the plan's fields only.
    await startButton(page).click();
    const setup = page.getByRole('dialog', { name: 'Set up your plan' });
    await expect(setup.getByLabel('Location')).toBeVisible();
    await expect(setup.getByLabel('Display name')).toHaveCount(0);
    await expectNoAxeViolationsOnceSettled(page, 'the Set up your plan dialog');
    await setup.getByRole('button', { name: 'Save and continue' }).click();
    await expect(setup.getByText('This field is required')).toHaveCount(5);
    await setup.getByLabel('Location').selectOption('Pune');
    await setup.getByLabel('Height (cm)').fill('162');
    await setup.getByLabel('Weight (kg)').fill('58');
    await setup.getByLabel('Age').fill('27');
    await setup.getByLabel('Preference').selectOption('veg');
    await setup.getByRole('button', { name: 'Save and continue' }).click();

    // Saved where the profile keeps them, and straight on to creating.
    const form = page.getByRole('dialog', { name: 'Create a meal challenge' });
    await expect(form.getByLabel('Title')).toBeVisible({ timeout: 20_000 });
    await expect(setup).toBeHidden();
    expect(await readData(`users/${uid}/info/location`)).toBe('Pune');
    expect(await readData(`users/${uid}/private/height`)).toBe(162);
    const title = `First steps ${randomUUID().slice(0, 6)}`;
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Days').selectOption('3');
    await form.getByLabel('Preference').selectOption('veg');
    await form.getByLabel('Target body').selectOption('Maintain');
    await expectNoAxeViolationsOnceSettled(page, 'the Create a meal challenge dialog');
    // Starting today: in this zone lunch is open now.
    await form.getByRole('button', { name: 'Create Challenge' }).click();
    await expect(page.getByText('Challenge created successfully')).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(new RegExp(`/challange/first-steps-[a-z0-9]+/${uid}/[\\w-]+$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const challengeId = page.url().split('/').pop()!;

    // Home: Today shows the open meal, lunch, with the one tap that proves it.
    await page
      .getByRole('link', { name: 'Home', exact: true })
      .filter({ visible: true })
      .first()
      .click();
    const today = page.getByRole('region', { name: 'Today', exact: true });
    const lunch = today.getByRole('article', { name: /^Lunch: / });
    await expect(lunch).toBeVisible({ timeout: 20_000 });
    await expect(lunch).toContainText(/open until 3:00 PM · (\d h )?\d+ m left/);
    await expect(lunch.getByRole('link', { name: title })).toBeVisible();
    await expectNoAxeViolationsOnceSettled(page, 'the home with Today');

    const scoreBefore = (await readData<number>(`users/${uid}/info/score`)) ?? 0;
    const snap = lunch.getByRole('button', { name: 'Snap your lunch' });
    const chooser = page.waitForEvent('filechooser');
    await snap.click();
    await (
      await chooser
    ).setFiles({
      name: 'lunch.png',
      mimeType: 'image/png',
      // A picture of this run alone: the server flags a copy of any earlier proof (docs/security.md).
      buffer: mealPhotoPng(`first-run-${randomUUID()}`),
    });
    await expect(lunch.getByRole('status').filter({ hasText: 'Done' })).toContainText(
      '+10 points',
      { timeout: 20_000 },
    );
    await expect(snap).toHaveCount(0);
    await expect
      .poll(
        () => readData<string>(`users/${uid}/challenges/${challengeId}/meals/Day1/lunch/status`),
        {
          timeout: 10_000,
        },
      )
      .toBe('Done');
    await expect
      .poll(() => readData<number>(`users/${uid}/info/score`), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(scoreBefore + 10);
  });
});
