import { readData, uniqueEmail, writeData } from './support/backend';
import { chooseAccountMenu, expect, signIn, test } from './support/fixtures';
import { subscribeFromHome } from './support/newsletter';
import { seedChallenge } from './support/seed-challenge';
import { expectNoAxeViolations } from './support/axe';
import { isoWeekKey, monthKey } from '@domain/calendar-dates';

/** A 2×2 PNG, enough for the browser to compress and upload. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('social surfaces', () => {
  test('a visitor browses the home page, leader-board and about page', async ({
    page,
    newMember,
  }) => {
    // Someone on every board and a challenge in the feed: headings alone would pass on empty ones.
    const leader = await newMember({ completeProfile: true });
    const now = Date.now();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const boards = [
      'leaderboard/all',
      `leaderboard/weekly/${isoWeekKey(now, zone)}`,
      `leaderboard/monthly/${monthKey(now, zone)}`,
    ];
    // Above every row already there (the other size's run leaves its leader in the same stack).
    const rows = await Promise.all(
      boards.map((board) => readData<Record<string, { points?: number }>>(board)),
    );
    const highest = rows.flatMap((board) => Object.values(board ?? {}).map((r) => r.points ?? 0));
    const points = Math.max(900_000, ...highest) + 1;
    const row = { points, displayName: leader.name, photoURL: '', joinAt: '2026-01-01 09:00:00' };
    for (const board of boards) await writeData(`${board}/${leader.uid}`, row);
    const title = `Visitor view ${now.toString(36)}`;
    await seedChallenge(leader, { title, published: true });

    await page.goto('/');
    await expect(
      page.getByRole('heading', { name: 'Which Challenge Would You Like to Take Today ?' }),
    ).toBeVisible();
    const card = page.getByRole('article', { name: title });
    await expect(card).toBeVisible();
    await expect(card.getByRole('link', { name: leader.name })).toBeVisible();
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    // On phones the sidebar stands below the feed: its widgets render once it nears the screen.
    await sidebar.scrollIntoViewIfNeeded();
    await expect(sidebar.getByRole('heading', { name: 'Never Miss A News' })).toBeVisible();
    await expect(sidebar.getByRole('heading', { name: 'Recent Post' })).toBeVisible();
    await expect(sidebar.getByRole('heading', { name: 'Follow ChallangeX' })).toBeVisible();
    const top = sidebar.getByRole('region', { name: 'Top Challengers' });
    await expect(top.getByRole('listitem').first()).toContainText(leader.name);
    await expectNoAxeViolations(page, 'the home page');

    await page.goto('/leader-board');
    for (const board of ['Weekly Top List', 'Monthly Top List', 'All-time Top List']) {
      const first = page.getByRole('region', { name: board }).getByRole('listitem').first();
      await expect(first, board).toContainText(leader.name);
      // Points in the app's one format, Indian grouping (src/lib/format.ts): 9,00,001.
      await expect(first, board).toContainText(`${points.toLocaleString('en-IN')} pts`);
    }
    await expectNoAxeViolations(page, 'the leader-board');

    await page.goto('/about#privacy');
    await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeInViewport();
    await expectNoAxeViolations(page, 'the about page');
    await page.getByRole('button', { name: 'Take Challenge' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a member edits their profile and meets the missing-fields rule first', async ({
    page,
    newMember,
  }) => {
    const member = await newMember();
    await signIn(page, member);
    await chooseAccountMenu(page, member, 'Profile');
    const profile = page.getByRole('article');
    await expect(profile.getByRole('heading', { name: member.name, level: 1 })).toBeVisible();
    await expect(profile.getByText(member.email)).toBeVisible();
    await expectNoAxeViolations(page, 'the own profile');

    await page.getByRole('button', { name: 'Edit profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit profile' });
    await expect(dialog.getByLabel('Location')).toBeVisible();
    await expectNoAxeViolations(page, 'the Edit profile dialog');
    await dialog.getByLabel('Location').selectOption('Pune');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(
      page.getByText('Some profile fields are missing. Please fill all fields.'),
    ).toBeVisible();
    expect(await readData(`users/${member.uid}/info/location`)).toBeNull();

    await dialog.getByLabel('Preference').selectOption('vegan');
    await dialog.getByLabel('Height (cm)').fill('168');
    await dialog.getByLabel('Weight (kg)').fill('64');
    await dialog.getByLabel('Age').fill('31');
    await dialog.getByLabel('Bio (optional)').fill('Plant-powered runner.');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile info updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(profile.getByText('Plant-powered runner.')).toBeVisible();
    await expect(profile.getByText('168 cm')).toBeVisible();
    expect(await readData(`users/${member.uid}/info`)).toMatchObject({
      location: 'Pune',
      preference: 'vegan',
    });
    expect(await readData(`users/${member.uid}/private`)).toMatchObject({
      height: 168,
      weight: 64,
      age: 31,
    });

    await profile
      .getByLabel('Profile photo file')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
    await expect(page.getByText('Profile photo uploaded successfully')).toBeVisible();
    const photoURL = await readData<string>(`users/${member.uid}/info/photoURL`);
    expect(photoURL).toContain(encodeURIComponent(`Challenge/${member.uid}/profile/avtar.jpg`));
    await expect(profile.getByRole('img', { name: `Photo of ${member.name}` })).toHaveAttribute(
      'src',
      photoURL!,
    );
  });

  test('another member sees a profile but not its email or body stats', async ({
    page,
    newMember,
  }) => {
    const owner = await newMember({ completeProfile: true });
    const viewer = await newMember({ completeProfile: true });
    await signIn(page, viewer);
    await page.evaluate(
      (uid) => localStorage.setItem('loadProfile', JSON.stringify(uid)),
      owner.uid,
    );
    await page.goto(`/profile/${encodeURIComponent(owner.name)}`);
    await expect(page.getByRole('heading', { name: owner.name, level: 1 })).toBeVisible();
    await expect(page.getByText('Here for the challenges.')).toBeVisible();
    await expect(page.getByText('Pune')).toBeVisible();
    await expect(page.getByText(owner.email)).toHaveCount(0);
    await expect(page.getByText('172 cm')).toHaveCount(0);
    await expect(page.getByText('Height')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit profile' })).toHaveCount(0);
  });

  test('subscribe and contact each leave exactly one record', async ({ page }) => {
    const subscriber = uniqueEmail('news');
    const box = await subscribeFromHome(page, subscriber);
    await expect(box.getByRole('button', { name: 'Subscribed' })).toBeDisabled();
    const subscribers =
      (await readData<Record<string, { email: string; createdAt: number }>>(
        'website/subscribers',
      )) ?? {};
    const mine = Object.values(subscribers).filter((entry) => entry.email === subscriber);
    expect(mine).toHaveLength(1);
    expect(typeof mine[0].createdAt).toBe('number');

    const writer = uniqueEmail('contact');
    await page.goto('/contact');
    const send = page.getByRole('button', { name: 'Send Now' });
    await expect(send).toBeDisabled();
    await expectNoAxeViolations(page, 'the contact page');
    await page.getByLabel('Name').fill('Ravi Kumar');
    await page.getByLabel('Email').fill(writer);
    await page.getByLabel('Reason (optional)').selectOption('Feedback');
    await page.getByLabel('Message (optional)').fill('The planner is great.');
    await send.click();
    await expect(page.getByText('Message sent successfully')).toBeVisible();
    const messages = (await readData<Record<string, { email: string }>>('website/contact')) ?? {};
    expect(Object.values(messages).filter((entry) => entry.email === writer)).toEqual([
      expect.objectContaining({
        name: 'Ravi Kumar',
        reason: 'Feedback',
        message: 'The planner is great.',
      }),
    ]);
  });

  test('an admin sees the user list and changes the banner; a member cannot', async ({
    page,
    newMember,
  }) => {
    const previousBanner = await readData<string>('website/banner/val');
    const member = await newMember({ completeProfile: true });
    await signIn(page, member);
    await page.goto('/admin-x');
    await expect(page.getByRole('alert')).toContainText('You are not authorised to view this page');
    await expect(page.getByLabel('Topic words, separated by spaces')).toHaveCount(0);
    await chooseAccountMenu(page, member, 'Logout');

    const admin = await newMember({ completeProfile: true, admin: true });
    await signIn(page, admin);
    await page.goto('/admin-x');
    const users = page.getByRole('region', { name: /^User List/ });
    await expect(users.getByText(admin.name)).toBeVisible();
    await expect(users.getByText(member.name)).toBeVisible();
    await expectNoAxeViolations(page, 'Admin-X');
    const topic = `Topic${Date.now().toString(36)}`;
    try {
      await page.getByLabel('Topic words, separated by spaces').fill(`Keto ${topic}`);
      await page.getByRole('button', { name: 'Save banner' }).click();
      await expect(page.getByText('Your work has been saved')).toBeVisible();
      expect(await readData('website/banner/val')).toBe(`Keto ${topic}`);
      await page.goto('/');
      await expect(
        page.getByRole('list', { name: 'Challenge topics' }).getByText(topic),
      ).toBeVisible();
    } finally {
      await writeData('website/banner/val', previousBanner);
    }
  });
});
