import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { readData, uidsWithEmail, uniqueEmail, writeData } from './support/backend';
import { expect, test } from './support/fixtures';

// Issue 40, "First run without dead ends" (docs/product.md, "First run"), at 1280 px and 375 px.

/** The first visible way into creating: the phone's entry above the page, or the sidebar banner. */
const startButton = (page: Page) =>
  page
    .getByRole('button', { name: /^(Create Challenge|Start a Challenge)$/ })
    .filter({ visible: true })
    .first();

test.describe('first run', () => {
  test.setTimeout(180_000);
  let uid: string | undefined;
  test.afterEach(async () => {
    if (!uid) return;
    const challenges = (await readData<Record<string, unknown>>(`users/${uid}/challenges`)) ?? {};
    await Promise.all(Object.keys(challenges).map((id) => writeData(`feed/${id}`, null)));
    await writeData(`users/${uid}/challenges`, null);
  });

  test('a visitor reads what ChallangeX is, registers, is welcomed, sets up their plan and creates a challenge', async ({
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
    await expect(page).toHaveURL(/\/feed$/);
    [uid] = await uidsWithEmail(email);

    // Welcomed, not welcomed back.
    const welcome = page.getByRole('region', { name: `Welcome to ChallangeX, ${name}!` });
    await expect(welcome).toBeVisible();
    await expect(page.getByText(/welcome back/i)).toHaveCount(0);
    await expectNoAxeViolations(page, 'the new member’s home');

    // Start a Challenge opens a form: first "Set up your plan", with the plan's fields only.
    await startButton(page).click();
    const setup = page.getByRole('dialog', { name: 'Set up your plan' });
    await expect(setup.getByLabel('Location')).toBeVisible();
    await expect(setup.getByLabel('Display name')).toHaveCount(0);
    await expectNoAxeViolations(page, 'the Set up your plan dialog');
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
    // Tomorrow: every meal window of the plan is still ahead, whatever the time of the run.
    await form.getByLabel('Tomorrow').check();
    await form.getByRole('button', { name: 'Create Challenge' }).click();
    await expect(page.getByText('Challenge created successfully')).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(new RegExp(`/challange/first-steps-[a-z0-9]+/${uid}/[\\w-]+$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });
});
