import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import type { ChallengeRecord } from '@domain/challenges/challenge-record';
import { MEAL_SLOTS, MEAL_WINDOWS } from '@domain/constants';
import { shoppingList } from '@domain/challenges/shopping-list';
import { readData, writeData } from './support/backend';
import { expect, test } from './support/fixtures';

const TIME_ZONE = 'Asia/Kolkata';
test.use({ timezoneId: TIME_ZONE, permissions: ['clipboard-read', 'clipboard-write'] });

/** Hour and minute of an instant in the member's zone. */
function localTime(epochMs: number) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(epochMs);
  const value = (type: string) => Number(parts.find((part) => part.type === type)!.value);
  return { hour: value('hour'), minute: value('minute') };
}

test('a plan shows ingredients and day totals, a shopping list to copy, its meal windows as an .ics, and swaps a future meal', async ({
  page,
  signedInMember: member,
}) => {
  const title = `Nutrition ${randomUUID().slice(0, 6)}`;
  // The first visible way into creating: Today's, the phone's entry or the sidebar banner.
  await page
    .getByRole('button', { name: /^(Create Challenge|Start a Challenge)$/ })
    .filter({ visible: true })
    .first()
    .click();
  const form = page.getByRole('dialog', { name: 'Create a meal challenge' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Days').selectOption('2');
  await form.getByLabel('Preference').selectOption('vegan');
  await form.getByLabel('Target body').selectOption('Cutting');
  await form.getByRole('button', { name: 'Create Challenge' }).click();
  await expect(page.getByText('Challenge created successfully')).toBeVisible();
  // Creating opens the new challenge at its own address.
  await expect(page).toHaveURL(
    new RegExp(`/challange/nutrition-[a-z0-9]+/${member.uid}/[A-Za-z0-9_-]+$`),
  );
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  const challenges = await readData<Record<string, ChallengeRecord>>(
    `users/${member.uid}/challenges`,
  );
  const [[challengeId, stored]] = Object.entries(challenges!).filter(
    ([, challenge]) => challenge.title === title,
  );
  try {
    // Day totals against targets, as stored by the planner.
    const day1 = MEAL_SLOTS.map((slot) => stored.meals.Day1[slot]!);
    const calories = day1.reduce((sum, meal) => sum + meal.calories, 0);
    expect(Math.abs(calories - stored.targets.calories)).toBeLessThanOrEqual(
      stored.targets.calories * 0.05,
    );
    // The page opens on the day still to come: late in the evening that is already Day 2.
    await page.getByRole('tab', { name: /^Day 1( · Today)?$/ }).click();
    const summary = page.getByRole('region', { name: 'Day 1 nutrition' });
    await expect(summary.getByText('Energy').locator('xpath=following-sibling::dd')).toHaveText(
      new RegExp(`^${calories} / ${stored.targets.calories} kcal.*on target$`),
    );
    // Every macro is marked in words a screen reader reads (the planner meets every bound).
    for (const label of ['Protein', 'Carbs', 'Fat', 'Fibre'])
      await expect(
        summary.getByText(label, { exact: true }).locator('xpath=following-sibling::dd'),
      ).toHaveText(/on target$/);

    // Ingredients with grams for the member's portions.
    const lunch = stored.meals.Day1.lunch!;
    const row = page.getByRole('article', { name: /^Lunch: / });
    await row.getByText(`Ingredients (${lunch.ingredients!.length})`).click();
    const first = lunch.ingredients![0];
    await expect(row.getByRole('listitem').filter({ hasText: first.label }).first()).toContainText(
      `${first.grams} g`,
    );

    // The shopping list for Day 2 only, summed from the stored ingredients, copied as plain text.
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('button', { name: 'Shopping list' }).click();
    const dialog = page.getByRole('dialog', { name: 'Shopping list' });
    await dialog.getByLabel('From').selectOption('2');
    const day2List = shoppingList(MEAL_SLOTS.map((slot) => stored.meals.Day2[slot]!));
    const [firstGroup] = day2List;
    const item = firstGroup.items[0];
    await expect(
      dialog
        .getByRole('region', { name: firstGroup.group })
        .getByRole('listitem')
        .filter({ hasText: item.label })
        .first(),
    ).toContainText(item.amount);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Shopping list copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`${title}, Day 2`);
    expect(copied).toContain(`- ${item.label}: ${item.amount}`);
    expect(copied.split('\n').filter((line) => line.startsWith('- '))).toHaveLength(
      day2List.flatMap((group) => group.items).length,
    );
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // The .ics: one event per meal window, at the window times in the member's zone, with an alarm.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('button', { name: 'Add to calendar' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    const calendar = new ICAL.Component(
      ICAL.parse(await readFile((await download.path())!, 'utf8')),
    );
    const events = calendar.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event));
    expect(events).toHaveLength(6);
    for (const [index, event] of events.entries()) {
      const slot = MEAL_SLOTS[index % 3];
      const meal = stored.meals[`Day${Math.floor(index / 3) + 1}`][slot]!;
      const start = event.startDate.toJSDate().getTime();
      expect(start).toBe(meal.opensAt);
      expect(event.endDate.toJSDate().getTime()).toBe(meal.closesAt);
      expect(localTime(start)).toEqual(MEAL_WINDOWS[slot].opens);
      expect(event.summary).toContain(meal.name);
      expect(event.component.getFirstSubcomponent('valarm')).not.toBeNull();
    }

    // Swap Day 2's dinner: another dish, and the day total stays within ±5 % of its target.
    await page.getByRole('tab', { name: /^Day 2( · Today)?$/ }).click();
    const before = stored.meals.Day2.dinner!;
    await page.getByRole('button', { name: 'Swap Day 2 dinner' }).click();
    await expect(page.getByText(/^Swapped for /)).toBeVisible();
    const swapped = (await readData<ChallengeRecord>(
      `users/${member.uid}/challenges/${challengeId}`,
    ))!;
    const dinner = swapped.meals.Day2.dinner!;
    expect(dinner.dishId).not.toBe(before.dishId);
    const day2 = MEAL_SLOTS.reduce((sum, slot) => sum + swapped.meals.Day2[slot]!.calories, 0);
    expect(Math.abs(day2 - swapped.targets.calories)).toBeLessThanOrEqual(
      swapped.targets.calories * 0.05,
    );
    const summary2 = page.getByRole('region', { name: 'Day 2 nutrition' });
    await expect(summary2.getByText('Energy').locator('xpath=following-sibling::dd')).toHaveText(
      new RegExp(`^${day2} / ${swapped.targets.calories} kcal.*on target$`),
    );
    await expect(page.getByRole('article', { name: /^Dinner: / })).toContainText(dinner.name);
  } finally {
    await writeData(`feed/${challengeId}`, null);
    await writeData(`users/${member.uid}/challenges/${challengeId}`, null);
  }
});
