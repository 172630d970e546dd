import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createMember, readData, writeData, type TestMember } from './support/backend';
import { expect, signIn, test } from './support/fixtures';
import { seedChallenge } from './support/seed-challenge';
import { expectNoAxeViolations } from './support/axe';
import { mealPhotoPng } from '../scripts/lib/identicon-png';

const HOUR = 3_600_000;

/**
 * The rules and the API judge meal windows by the real clock, so the journey runs in a time zone where it is
 * 08:xx right now: breakfast (08:00–10:00) is open for at least an hour, whatever time the suite runs.
 */
function zoneWhereBreakfastIsOpen(now = new Date()): string {
  let offset = 8 - now.getUTCHours();
  if (offset < -12) offset += 24;
  // Etc/GMT signs are inverted: Etc/GMT-8 is UTC+8.
  return offset === 0 ? 'Etc/GMT' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

/** The first visible way into creating: the phone's entry above the page, or the sidebar banner. */
const bannerButton = (page: Page) =>
  page
    .getByRole('button', { name: /^(Create Challenge|Start a Challenge)$/ })
    .filter({ visible: true })
    .first();
/** A meal's card on the challenge page ("Breakfast: Poha"). */
const mealRow = (page: Page, meal: 'Breakfast' | 'Lunch' | 'Dinner') =>
  page.getByRole('article', { name: new RegExp(`^${meal}: `) });
const cardTitles = (page: Page) => page.locator('article.challenge-card h3').allTextContents();

test.describe('meal challenge journey', () => {
  test.use({ timezoneId: zoneWhereBreakfastIsOpen() });

  let created: TestMember | undefined;
  test.afterEach(async () => {
    if (!created) return;
    const challenges =
      (await readData<Record<string, unknown>>(`users/${created.uid}/challenges`)) ?? {};
    await Promise.all(
      Object.keys(challenges).map((challengeId) => writeData(`feed/${challengeId}`, null)),
    );
    await writeData(`users/${created.uid}/challenges`, null);
  });

  test('complete profile → create → open → prove breakfast in its window → Done → score rises', async ({
    page,
  }) => {
    const member = await createMember();
    created = member;
    await writeData(`users/${member.uid}/info`, {
      uid: member.uid,
      displayName: member.name,
      photoURL: '',
      joinAt: '2026-01-01 09:00:00',
      createdAt: Date.now(),
    });
    await page.clock.install();
    await signIn(page, member);

    // An incomplete profile opens "Set up your plan" in place, with SPEC's info text (e2e/first-run.spec.ts
    // completes it); here the profile is completed behind it instead.
    await bannerButton(page).click();
    const setup = page.getByRole('dialog', { name: 'Set up your plan' });
    await expect(
      setup.getByText('Please complete your profile before creating a challenge'),
    ).toBeVisible();
    await setup.getByRole('button', { name: 'Cancel' }).click();
    await expect(setup).toBeHidden();

    await writeData(`users/${member.uid}/info/location`, 'Pune');
    await writeData(`users/${member.uid}/info/preference`, 'veg');
    await writeData(`users/${member.uid}/private`, {
      email: member.email,
      emailVerified: false,
      height: 170,
      weight: 68,
      age: 31,
    });

    const title = `Breakfast proof ${randomUUID().slice(0, 6)}`;
    await page.goto('/feed');
    // The feed as it stands (empty on a fresh stack): checked once its read has answered.
    await expect(
      page.getByRole('article').or(page.getByText('No challenges yet')).first(),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'the feed');
    await bannerButton(page).click();
    const form = page.getByRole('dialog', { name: 'Create a meal challenge' });
    await expect(form.getByLabel('Title')).toBeVisible();
    await expectNoAxeViolations(page, 'the Create a meal challenge dialog');
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Days').selectOption('2');
    await form.getByLabel('Preference').selectOption('veg');
    await form.getByLabel('Target body').selectOption('Lean');
    await form.getByRole('button', { name: 'Create Challenge' }).click();
    await expect(page.getByText('Challenge created successfully')).toBeVisible();
    await expect(form).toBeHidden();

    // The new challenge opens at once, at its own address.
    await expect(page).toHaveURL(
      new RegExp(`/challange/breakfast-proof-[a-z0-9]+/${member.uid}/[A-Za-z0-9_-]+$`),
    );
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    const breakfast = mealRow(page, 'Breakfast');
    await expect(breakfast.getByText('Available')).toBeVisible();
    await expect(mealRow(page, 'Dinner').getByText('Pending')).toBeVisible();
    // A meal still to come says when it opens, and has no photo picker.
    await expect(mealRow(page, 'Dinner').getByText(/^Opens at 8:00 PM · in /)).toBeVisible();
    await expect(mealRow(page, 'Dinner').getByLabel(/Proof photo/)).toHaveCount(0);
    await expectNoAxeViolations(page, "the owner's challenge page");

    const scoreBefore = (await readData<number>(`users/${member.uid}/info/score`)) ?? 0;
    await breakfast.getByLabel('Proof photo for Day 1 breakfast').setInputFiles({
      name: 'breakfast.png',
      mimeType: 'image/png',
      // A picture of this run alone: the server flags a copy of any earlier proof (docs/security.md).
      buffer: mealPhotoPng(`journey-${member.uid}`),
    });
    await expect(page.getByText('Meal check successfully')).toBeVisible({ timeout: 20_000 });
    await expect(breakfast.getByText('Done')).toBeVisible();
    await expect(breakfast.getByLabel('Proof photo for Day 1 breakfast')).toHaveCount(0);

    await expect
      .poll(() => readData<number>(`users/${member.uid}/info/score`), { timeout: 15_000 })
      .toBeGreaterThan(scoreBefore);
    const challenges = await readData<
      Record<string, { meals: { Day1: { breakfast: { status: string; imgPath: string } } } }>
    >(`users/${member.uid}/challenges`);
    const [stored] = Object.values(challenges ?? {});
    expect(stored.meals.Day1.breakfast).toMatchObject({
      status: 'Done',
      imgPath: expect.stringMatching(/\/Day1-breakfast\.jpg$/),
    });

    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('button', { name: 'Photo gallery' }).click();
    await expect(
      page
        .getByRole('dialog', { name: `Photo gallery: ${title}` })
        .getByRole('img', { name: /Proof of Day 1 breakfast/ }),
    ).toBeVisible();
  });
});

test('Expired meals refuse uploads, also when the clock runs past an open window; meals before the start are not counted', async ({
  page,
  signedInMember,
}) => {
  const now = Date.now();
  const challengeId = await seedChallenge(signedInMember, {
    now,
    windows: {
      breakfast: [now - 3 * HOUR, now - HOUR],
      lunch: [now - 10 * 60_000, now + HOUR],
      dinner: [now + 2 * HOUR, now + 3 * HOUR],
    },
  });
  try {
    await page.clock.install();
    await page.goto(`/challange/clockwork-week/${signedInMember.uid}/${challengeId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Clockwork week' })).toBeVisible();

    // Breakfast closed before the challenge was made: it never counted, and says so (not a red Expired).
    await expect(
      mealRow(page, 'Breakfast').getByText('Before you started · not counted'),
    ).toBeVisible();
    await expect(mealRow(page, 'Breakfast').getByText('Expired')).toHaveCount(0);
    await expect(page.getByLabel('Proof photo for Day 1 breakfast')).toHaveCount(0);
    await expect(mealRow(page, 'Lunch').getByText('Available')).toBeVisible();
    await expect(page.getByLabel('Proof photo for Day 1 lunch')).toBeEnabled();
    await expect(mealRow(page, 'Dinner').getByText('Pending')).toBeVisible();
    await expect(page.getByLabel('Proof photo for Day 1 dinner')).toHaveCount(0);

    await page.clock.fastForward('01:05:00');
    await expect(mealRow(page, 'Lunch').getByText('Expired')).toBeVisible();
    await expect(page.getByLabel('Proof photo for Day 1 lunch')).toHaveCount(0);
  } finally {
    await writeData(`users/${signedInMember.uid}/challenges/${challengeId}`, null);
  }
});

test('a member pages through 12 challenges (5, 5, 2) and filters by author', async ({ page }) => {
  const author = await createMember({
    completeProfile: true,
    name: `Pager ${randomUUID().slice(0, 6)}`,
  });
  const viewer = await createMember({ completeProfile: true });
  const base = Date.now();
  const run = randomUUID().slice(0, 6);
  const keys = Array.from(
    { length: 12 },
    (_, index) => `e2e-${run}-${String(index + 1).padStart(2, '0')}`,
  );
  await Promise.all(
    keys.map((key, index) =>
      writeData(`feed/${key}`, {
        uid: author.uid,
        title: `Paged challenge ${index + 1}`,
        day: 3,
        preference: 'vegan',
        targetBody: 'Lean',
        displayName: author.name,
        photoURL: '',
        cover: '/meals/poha.svg',
        createdAt: base + index * 1000,
      }),
    ),
  );
  const newestFirst = (from: number, to: number) =>
    Array.from({ length: from - to + 1 }, (_, index) => `Paged challenge ${from - index}`);
  try {
    await signIn(page, viewer);
    const pages = page.getByRole('navigation', { name: 'Feed pages' });

    await expect.poll(() => cardTitles(page)).toEqual(newestFirst(12, 8));
    await pages.getByRole('link', { name: 'Page 2' }).click();
    await expect.poll(() => cardTitles(page)).toEqual(newestFirst(7, 3));
    await pages.getByRole('link', { name: 'Page 3' }).click();
    await expect.poll(async () => (await cardTitles(page)).slice(0, 2)).toEqual(newestFirst(2, 1));

    await page
      .getByRole('article', { name: 'Paged challenge 2' })
      .getByRole('button', { name: `More by ${author.name}` })
      .click();
    await expect(page.getByText(`Showing challenges by ${author.name}`)).toBeVisible();
    await expect.poll(() => cardTitles(page)).toEqual(newestFirst(12, 8));
    await pages.getByRole('link', { name: 'Page 2' }).click();
    await expect.poll(() => cardTitles(page)).toEqual(newestFirst(7, 3));
    await pages.getByRole('link', { name: 'Page 3' }).click();
    await expect.poll(() => cardTitles(page)).toEqual(newestFirst(2, 1));

    await page.getByRole('button', { name: 'Show all challenges' }).click();
    await expect(page.getByText(/Showing challenges by/)).toBeHidden();
    await expect.poll(() => cardTitles(page)).toEqual(newestFirst(12, 8));
    await expect(pages.getByLabel('Page 1')).toHaveAttribute('aria-current', 'page');
  } finally {
    await Promise.all(keys.map((key) => writeData(`feed/${key}`, null)));
  }
});

test('an owner edits, regenerates and deletes a challenge from its card', async ({
  page,
  signedInMember,
}) => {
  const title = `Card actions ${randomUUID().slice(0, 6)}`;
  try {
    await bannerButton(page).click();
    const form = page.getByRole('dialog', { name: 'Create a meal challenge' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Days').selectOption('1');
    await form.getByLabel('Preference').selectOption('nonveg');
    await form.getByLabel('Target body').selectOption('Maintain');
    await form.getByLabel('Tomorrow').check();
    await form.getByRole('button', { name: 'Create Challenge' }).click();
    await expect(page.getByText('Challenge created successfully')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.goto('/feed');

    const renamed = `${title} v2`;
    await page
      .getByRole('article', { name: title })
      .getByRole('button', { name: `Edit ${title}` })
      .click();
    const editor = page.getByRole('dialog', { name: 'Edit challenge' });
    await editor.getByLabel('Title').fill(renamed);
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Challenge updated successfully')).toBeVisible();
    const card = page.getByRole('article', { name: renamed });
    await expect(
      card.getByText(/^Updated \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [AP]M$/),
    ).toBeVisible();

    await card.getByRole('button', { name: `Regenerate meals of ${renamed}` }).click();
    await page.getByRole('button', { name: 'Yes, regenerate' }).click();
    await expect(page.getByText('Meals regenerated successfully')).toBeVisible();

    await card.getByRole('button', { name: `Delete ${renamed}` }).click();
    await expect(
      page.getByText(`Do you really want to delete this "${renamed}" challenge?`),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Yes, delete it!' }).click();
    await expect(page.getByText(`${renamed} deleted`)).toBeVisible();
    await expect(card).toBeHidden();

    const challenges =
      (await readData<Record<string, { title: string; deleted: boolean; isActive: boolean }>>(
        `users/${signedInMember.uid}/challenges`,
      )) ?? {};
    const [[challengeId, stored]] = Object.entries(challenges);
    expect(stored).toMatchObject({ title: renamed, deleted: true, isActive: false });
    expect(await readData(`feed/${challengeId}`)).toBeNull();
  } finally {
    await writeData(`users/${signedInMember.uid}/challenges`, null);
  }
});
