import { randomUUID } from 'node:crypto';
import { mealPhotoPng } from '../scripts/lib/identicon-png';
import { readData, writeData } from './support/backend';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { seedChallengeWithLunchOpen } from './support/seed-challenge';

/**
 * Issue 40's daily loop (docs/product.md, "Today"): a member with a complete profile and a challenge whose
 * lunch window is open (set in a zone where it is 12:xx now, as the server reckons it) proves lunch from
 * the feed's Today section, in one tap and the photo, and sees Done and the points; then the challenge page
 * leads with the same meal as "Now". Both sizes, axe on each screen.
 */
test('Today: "Snap your lunch" on the feed proves the open meal, then Done and the points', async ({
  page,
  signedInMember: member,
}) => {
  const challengeId = await seedChallengeWithLunchOpen(member, { title: 'Today week' });
  const path = `users/${member.uid}/challenges/${challengeId}`;
  try {
    await page.goto('/feed');
    const today = page.getByRole('region', { name: 'Today', exact: true });
    const lunch = today.getByRole('article', { name: 'Lunch: Rajma rice' });
    await expect(lunch).toBeVisible();
    await expect(lunch).toContainText(/open until 3:00 PM · (\d h )?\d+ m left/);
    await expect(lunch.getByRole('link', { name: 'Today week' })).toHaveAttribute(
      'href',
      `/challange/today-week/${member.uid}/${challengeId}`,
    );
    // Today leads the page: the feed's challenges come after it.
    const feed = page.getByRole('region', { name: 'Challenges', exact: true });
    expect(
      await today.evaluate(
        (section, after) => Boolean(section.compareDocumentPosition(after!) & 4),
        await feed.elementHandle(),
      ),
    ).toBe(true);
    await expectNoAxeViolations(page, 'the feed with Today');

    // One tap: the camera (or the picker) opens, the photo goes up with its progress right there.
    const snap = lunch.getByRole('button', { name: 'Snap your lunch' });
    const chooser = page.waitForEvent('filechooser');
    await snap.click();
    await (
      await chooser
    ).setFiles({
      name: 'lunch.png',
      mimeType: 'image/png',
      // A picture of this run alone: the server flags a copy of any earlier proof (docs/security.md).
      buffer: mealPhotoPng(`today-${randomUUID()}`),
    });
    await expect(lunch.getByRole('status').filter({ hasText: 'Done' })).toContainText(
      '+10 points',
      { timeout: 20_000 },
    );
    await expect(snap).toHaveCount(0);
    await expect
      .poll(() => readData<string>(`${path}/meals/Day1/lunch/status`), { timeout: 10_000 })
      .toBe('Done');
    await expect
      .poll(() => readData<number>(`users/${member.uid}/info/score`), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(10);

    // The challenge page leads with the same meal, now Done, before the day chips.
    await lunch.getByRole('link', { name: 'Today week' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Today week' })).toBeVisible();
    const now = page.getByRole('region', { name: 'Now' });
    await expect(now).toContainText('Lunch: Rajma rice');
    await expect(now.getByRole('status')).toContainText('Done');
    await expect(page.getByRole('tab', { name: 'Day 1 · Today' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('button', { name: 'More' })).toBeVisible();
    await expectNoAxeViolations(page, 'the challenge page with Now');
  } finally {
    await writeData(path, null);
  }
});

test('Now on the challenge page: the snap button stays in reach while the window is open', async ({
  page,
  signedInMember: member,
}) => {
  const challengeId = await seedChallengeWithLunchOpen(member, { title: 'Now week' });
  const path = `users/${member.uid}/challenges/${challengeId}`;
  try {
    await page.goto(`/challange/now-week/${member.uid}/${challengeId}`);
    const now = page.getByRole('region', { name: 'Now' });
    const snap = now.getByRole('button', { name: 'Snap your lunch' });
    await expect(snap).toBeVisible();
    // Scrolled to the end of the plan, the button is still on screen (a phone keeps it at the bottom).
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    if ((page.viewportSize()?.width ?? 0) < 992) await expect(snap).toBeInViewport();
    await expectNoAxeViolations(page, 'the challenge page with an open window');
  } finally {
    await writeData(path, null);
  }
});
