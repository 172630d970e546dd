import type { Page } from '@playwright/test';
import { mealPhotoPng } from '../scripts/lib/identicon-png';
import { setPhotoTimeCreated, uploadPhoto } from '../scripts/lib/emulator-photos';
import { storagePaths } from '@domain/data/storage-paths';
import { readData, writeData, type TestMember } from './support/backend';
import { e2eProjectId, e2eStack } from './support/e2e-stack';
import { chooseAccountMenu, expect, signIn, test } from './support/fixtures';

/**
 * Issue 32 end to end: a day with two meals proved makes a 1-day streak on the profile, the
 * challenge's progress view shows that day's meals and totals, the weight log draws three
 * entries, and another member sees the streak and the calendar but no weight anywhere: not on
 * the page, not in any data the browser downloaded.
 *
 * Two meals of one day are never open at the same moment, so the day is arranged as a member
 * would have lived it: the challenge was created before breakfast and breakfast was proved at
 * 08:30 (its photo stored then, as the seed stores the demo's proofs); lunch, open now, is
 * proved in the browser. The test runs in a zone where it is 13:xx, lunch's window (12–15).
 */
function zoneWhereLunchIsOpen(now = new Date()): string {
  const offset = 13 - now.getUTCHours();
  // Etc/GMT signs are inverted: Etc/GMT-8 is UTC+8.
  return offset === 0 ? 'Etc/GMT' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

const zone = zoneWhereLunchIsOpen();
const HOUR = 3_600_000;
const inZone = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(at);
const cellDate = (date: string) => {
  const at = new Date(`${date}T12:00:00Z`);
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(at);
  return `${part({ weekday: 'long' })} ${part({ day: 'numeric', month: 'long', year: 'numeric' })}`;
};

interface StoredMeal {
  opensAt: number;
  closesAt: number;
  calories: number;
}

/** A 1-day challenge through the API, as created at 07:00 today; its breakfast proved at 08:30. */
async function challengeWithBreakfastProved(page: Page, member: TestMember): Promise<string> {
  const signInResponse = await fetch(
    `http://127.0.0.1:${e2eStack().ports.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=e2e-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: member.email,
        password: member.password,
        returnSecureToken: true,
      }),
    },
  );
  const { idToken } = (await signInResponse.json()) as { idToken: string };
  const created = await page.request.post('/api/generate', {
    headers: { authorization: `Bearer ${idToken}` },
    data: {
      title: 'Progress day',
      day: 1,
      user_id: member.uid,
      preference: 'veg',
      displayName: member.name,
      photoURL: '',
      targetBody: 'Maintain',
      timezone: zone,
    },
  });
  expect(created.status()).toBe(201);
  const { challengeId } = (await created.json()) as { challengeId: string };
  const path = `users/${member.uid}/challenges/${challengeId}`;
  const breakfast = (await readData<StoredMeal>(`${path}/meals/Day1/breakfast`))!;
  const createdAt = breakfast.opensAt - HOUR;
  await writeData(`${path}/createdAt`, createdAt);
  await writeData(`feed/${challengeId}/createdAt`, createdAt);

  const doneAt = breakfast.opensAt + 30 * 60_000;
  const imgPath = storagePaths.mealProof(member.uid, challengeId, 1, 'breakfast');
  const storageHost = `127.0.0.1:${e2eStack().ports.storage}`;
  const bucket = `${e2eProjectId}.appspot.com`;
  const img = await uploadPhoto(storageHost, bucket, imgPath, mealPhotoPng(`${challengeId}-b`));
  expect(await setPhotoTimeCreated(storageHost, bucket, imgPath, doneAt - 60_000)).toBe(true);
  const stored = (await readData<Record<string, unknown>>(`${path}/meals/Day1/breakfast`))!;
  await writeData(`${path}/meals/Day1/breakfast`, {
    ...stored,
    img,
    imgPath,
    status: 'Done',
    doneAt,
  });
  return challengeId;
}

/** Everything data-like the browser receives from now on: JSON answers and WebSocket frames. */
function recordDownloads(page: Page): string[] {
  const bodies: string[] = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!/json|text\/plain|event-stream/.test(type)) return;
    void response.text().then(
      (text) => bodies.push(`${response.url()}\n${text}`),
      () => undefined,
    );
  });
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => bodies.push(String(payload))),
  );
  return bodies;
}

const fact = (page: Page, term: string) =>
  page.locator('.profile-facts > div').filter({ has: page.getByText(term, { exact: true }) });

test.use({ timezoneId: zone });

test('a proved day makes a streak, the progress view and weight log show it, and another member sees no weight', async ({
  page,
  newMember,
}) => {
  test.slow();
  const member = await newMember({ completeProfile: true });
  const other = await newMember({ completeProfile: true });
  const today = inZone(Date.now());
  let challengeId = '';
  try {
    challengeId = await challengeWithBreakfastProved(page, member);
    await signIn(page, member);

    // Lunch, open now, proved in the browser: the second meal of the day.
    await page.goto(`/challange/progress-day/${member.uid}/${challengeId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Progress day' })).toBeVisible();
    await page.getByLabel('Proof photo for Day 1 lunch').setInputFiles({
      name: 'lunch.png',
      mimeType: 'image/png',
      buffer: mealPhotoPng(`${challengeId}-l`),
    });
    await expect(page.getByText('Meal check successfully')).toBeVisible({ timeout: 20_000 });
    await expect
      .poll(() => readData<number>(`users/${member.uid}/info/currentStreak`), { timeout: 20_000 })
      .toBe(1);

    // The progress view: that day's meals and what they add up to.
    const meals = (await readData<Record<string, StoredMeal>>(
      `users/${member.uid}/challenges/${challengeId}/meals/Day1`,
    ))!;
    const progress = page.getByRole('region', { name: 'Progress' });
    // Adherence is proved of the meals so far (dinner has not opened), the plan's total beside it.
    await expect(progress.getByText('Adherence: 100 %')).toBeVisible();
    await expect(progress.getByText('(2 of 2 meals so far proved · 3 planned)')).toBeVisible();
    const day1 = progress.getByRole('row', { name: /^Day 1/ });
    await expect(day1.getByRole('cell').first()).toHaveText('2 / 3');
    const kcal = Math.round(meals.breakfast.calories + meals.lunch.calories);
    await expect(day1.getByRole('cell').nth(1)).toHaveText(
      new RegExp(`^${kcal.toLocaleString('en-IN')} / [\\d,]+$`),
    );

    // The member's profile: the streak, as the profile's other facts are shown.
    await page.goto(`/profile/${encodeURIComponent(member.name)}/${member.uid}`);
    await expect(fact(page, 'Current streak')).toContainText('1 day');
    await expect(fact(page, 'Best streak')).toContainText('1 day');

    // Three weights: the chart, the 7-day average and the change.
    const log = page.getByRole('region', { name: 'Weight log' });
    const dates = [2, 1, 0].map((daysAgo) => inZone(Date.now() - daysAgo * 24 * HOUR));
    for (const [index, kg] of ['83.7', '83.1', '82.5'].entries()) {
      await log.getByLabel('Date', { exact: true }).fill(dates[index]);
      await log.getByLabel('Weight (kg)').fill(kg);
      await log.getByRole('button', { name: 'Log weight' }).click();
      await expect(log.getByRole('row', { name: new RegExp(`^${dates[index]}`) })).toBeVisible();
    }
    await expect(
      log.getByRole('img', { name: `Weight 82.5 kg on ${today}; −1.2 kg since the first entry` }),
    ).toBeVisible();
    await expect(log.getByRole('row', { name: new RegExp(`^${today}`) })).toContainText(
      /82\.5 kg\s*83\.1 kg/,
    );
    await expect(log.getByRole('row', { name: new RegExp(`^${dates[1]}`) })).toContainText(
      /83\.1 kg\s*83\.4 kg/,
    );
    await expect(
      log
        .locator('div')
        .filter({ has: page.getByText('Change since first entry') })
        .last(),
    ).toContainText('−1.2 kg');

    // Another member: the streak and the calendar, no weight on the page or in any download.
    await chooseAccountMenu(page, member, 'Logout');
    const downloads = recordDownloads(page);
    await signIn(page, other);
    await page.goto(`/profile/${encodeURIComponent(member.name)}/${member.uid}`);
    await expect(page.getByRole('heading', { level: 1, name: member.name })).toBeVisible();
    await expect(fact(page, 'Current streak')).toContainText('1 day');
    const glance = page.getByRole('region', { name: 'At a glance' });
    // Adherence counts meals whose window has closed, or that were proved: dinner is still to come.
    await expect(glance.getByText('2 of 2 meals proved (100%)')).toBeVisible();
    await expect(
      glance
        .getByRole('group', { name: /Meals proved, last 12 weeks/ })
        .getByRole('img', { name: `${cellDate(today)}: 2 meals proved` }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Weight log' })).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText(/kg\b|Weight/);
    // Let late reads land before judging what was downloaded.
    await page.waitForLoadState('networkidle');
    expect(downloads.length).toBeGreaterThan(0);
    const leaks = downloads.filter((body) => /"kg"|"weight"|\/weights|8[23]\.\d/.test(body));
    expect(leaks).toEqual([]);
  } finally {
    // The member's challenges go with the test (the feed is shared by every spec).
    const challenges = await readData<Record<string, unknown>>(`users/${member.uid}/challenges`);
    for (const id of Object.keys(challenges ?? {})) await writeData(`feed/${id}`, null);
    await writeData(`users/${member.uid}/challenges`, null);
  }
});
