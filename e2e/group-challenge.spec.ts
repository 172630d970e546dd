import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContextOptions, Page, TestInfo } from '@playwright/test';
import type { NoticeRecord } from '@domain/challenges/group-records';
import { challengePath } from '../src/lib/app-addresses';
import { mealPhotoPng } from '../scripts/lib/identicon-png';
import { expectNoAxeViolations } from './support/axe';
import { readData, uidsWithEmail, uniqueEmail } from './support/backend';
import { e2eBaseUrl } from './support/e2e-stack';
import { expect, signIn, test } from './support/fixtures';
import { seedChallengeWithLunchOpen } from './support/seed-challenge';

// Issue 30: challenge together (docs/product.md, "Group challenges").

/** A fresh browser (no session) of this project's size, in `timezoneId`, as a friend opening the link. */
async function freshBrowser(browser: Browser, testInfo: TestInfo, timezoneId: string) {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  const options: BrowserContextOptions = {
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    timezoneId,
    baseURL: e2eBaseUrl(),
    serviceWorkers: 'block',
  };
  return browser.newContext(options);
}

const board = (page: Page) => page.getByRole('region', { name: 'Challenge board' });
const boardRow = (page: Page, name: string) =>
  board(page).getByRole('listitem', { name: new RegExp(`^\\d+\\. ${name}$`) });
/**
 * Opens the account menu (inside the collapsed menu on phones), whose button says how many notices are new,
 * and its Notices list.
 */
async function openNotices(page: Page, memberName: string) {
  const toggle = page.getByRole('button', { name: 'Toggle navigation' });
  if (await toggle.isVisible()) {
    await toggle.click();
    await expect(page.locator('#main-nav')).toHaveClass(/\bshow\b/);
  }
  await expect(
    page.getByRole('button', { name: memberName, exact: true }),
  ).toHaveAccessibleDescription('1 new notice');
  const entry = page.getByRole('button', { name: 'Notices', exact: true });
  await expect(async () => {
    if (!(await entry.isVisible()))
      await page.getByRole('button', { name: memberName, exact: true }).click();
    await expect(entry).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await entry.click();
  return page.getByRole('region', { name: 'Notices' });
}

const dailyTarget = (page: Page) =>
  page.locator('dt', { hasText: 'Daily target' }).locator('xpath=following-sibling::dd[1]');

test.describe('group challenges', () => {
  test.setTimeout(240_000);

  test('an owner invites, a visitor registers through the link and joins with their own plan; the board is live; cheers and nudges arrive; a proof photo opens and is reported once', async ({
    page,
    browser,
    context,
    newMember,
  }, testInfo) => {
    const owner = await newMember({ completeProfile: true });
    const title = `Together ${randomUUID().slice(0, 6)}`;
    // Lunch is open now in the challenge's zone; the friend's browser is in that zone too, so the plan
    // joining makes for them has its lunch open as well (windows are the member's own).
    const challengeId = await seedChallengeWithLunchOpen(owner, { title, published: true });
    const zone = (await readData<string>(`users/${owner.uid}/challenges/${challengeId}/timezone`))!;
    const address = challengePath(owner.uid, challengeId, title);

    // The owner opens invitations and copies the link.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: e2eBaseUrl(),
    });
    await signIn(page, owner);
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.getByRole('button', { name: 'Invite friends' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite friends' });
    await expect(dialog.getByLabel('Only me')).toBeChecked();
    await dialog.getByLabel('Anyone with the link').check();
    const linkBox = dialog.getByRole('textbox', { name: 'Invite link' });
    await expect(linkBox).toHaveValue(
      new RegExp(`^${e2eBaseUrl()}/join/${challengeId}/[A-Za-z0-9_-]{32}$`),
      { timeout: 20_000 },
    );
    await expect(dialog.getByRole('img', { name: 'QR code of the invite link' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(await linkBox.inputValue());
    await expectNoAxeViolations(page, 'the Invite friends dialog');
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await expect(dialog).toBeHidden();
    await expect(boardRow(page, owner.name)).toBeVisible();
    const ownerTarget = await dailyTarget(page).textContent();

    // A visitor in a fresh browser opens it, registers and comes back to the invite.
    const friendContext = await freshBrowser(browser, testInfo, zone);
    const friend = await friendContext.newPage();
    const friendName = `Friend ${randomUUID().slice(0, 6)}`;
    const friendEmail = uniqueEmail('friend');
    try {
      await friend.goto(link);
      // The visitor sees the join card itself (e2e/invite-visitor.spec.ts covers it), and registers from it.
      await expect(friend).toHaveURL(link);
      await friend.getByRole('link', { name: 'Create account to join' }).click();
      await expect(friend.getByRole('heading', { name: 'Register', level: 1 })).toBeVisible();
      await friend.getByLabel('Name').fill(friendName);
      await friend.getByLabel('Email', { exact: true }).fill(friendEmail);
      await friend.getByLabel('Password', { exact: true }).fill('friend-pass-1');
      await friend.getByRole('button', { name: 'Register', exact: true }).click();
      await expect(friend).toHaveURL(link);
      await expect(friend.getByRole('heading', { level: 1, name: title })).toBeVisible({
        timeout: 20_000,
      });
      await expect(friend.getByText(owner.name).first()).toBeVisible();
      await expectNoAxeViolations(friend, 'the join page');

      // Joining first asks for the profile; it is completed over the invite, and the join goes through.
      await friend.getByRole('button', { name: 'Join challenge' }).click();
      await friend.getByRole('button', { name: 'Complete your profile' }).click();
      const editor = friend.getByRole('dialog', { name: 'Edit profile' });
      await editor.getByLabel('Location').selectOption('Pune');
      await editor.getByLabel('Preference').selectOption('veg');
      await editor.getByLabel('Height (cm)').fill('158');
      await editor.getByLabel('Weight (kg)').fill('52');
      await editor.getByLabel('Age').fill('26');
      await editor.getByRole('button', { name: 'Save changes' }).click();
      await expect(editor).toBeHidden({ timeout: 20_000 });
      await expect(friend).toHaveURL(link);
      await friend.getByRole('button', { name: 'Join challenge' }).click();
      await expect(friend).toHaveURL(new RegExp(`${address}$`), { timeout: 60_000 });

      // The friend sees their own plan: their targets, not the owner's.
      await expect(friend.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(dailyTarget(friend)).toBeVisible();
      expect(await dailyTarget(friend).textContent()).not.toBe(ownerTarget);
      await expect(friend.getByLabel('Proof photo for Day 1 lunch')).toBeAttached();

      // Both see the board with both names; the owner's without a reload.
      await expect(boardRow(friend, owner.name)).toBeVisible();
      await expect(boardRow(friend, friendName)).toBeVisible();
      await expect(boardRow(page, friendName)).toBeVisible({ timeout: 20_000 });
      await expect(board(page).getByRole('progressbar', { name: 'Team goal' })).toBeVisible();
      await expectNoAxeViolations(friend, 'the challenge page with its board');

      // The friend proves lunch; the owner's open board shows it within 2 s of the API's answer.
      // The proof route derives the board row itself: its answer is the moment to time from.
      const recorded = friend.waitForResponse(
        (response) => response.url().includes('/meals/lunch/proof') && response.ok(),
      );
      await friend.getByLabel('Proof photo for Day 1 lunch').setInputFiles({
        name: 'lunch.jpg',
        mimeType: 'image/jpeg',
        buffer: mealPhotoPng(`group-${randomUUID()}`),
      });
      await recorded;
      await expect(boardRow(page, friendName)).toContainText(/1 of \d+ meals so far proved/, {
        timeout: 2_000,
      });

      // The owner cheers the friend's lunch: the count shows on the board.
      const cheer = board(page).getByRole('button', { name: `Cheer ${friendName}` });
      await expect(cheer).toHaveAccessibleDescription('0 cheers for Day 1 lunch');
      await cheer.click();
      await expect(cheer).toBeDisabled();
      await expect(cheer).toHaveAccessibleDescription('1 cheer for Day 1 lunch', {
        timeout: 10_000,
      });
      await expect(boardRow(friend, friendName)).toContainText('Cheers for you: Day 1 lunch 1');

      // The owner opens the friend's lunch photo on the board (read when opened) and reports it; a second
      // report of the same photo is refused, saying why.
      await board(page)
        .getByRole('button', { name: `Photos of ${friendName}` })
        .click();
      const seeLunch = board(page).getByRole('button', {
        name: `See ${friendName}'s Day 1 lunch photo`,
      });
      const photoDialog = page.getByRole('dialog', { name: `${friendName}'s Day 1 lunch` });
      const report = async () => {
        await seeLunch.click();
        const photo = photoDialog.getByRole('img', {
          name: `Proof photo of ${friendName}'s Day 1 lunch`,
        });
        await expect(photo).toBeVisible({ timeout: 10_000 });
        await expect
          .poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth))
          .toBeGreaterThan(0);
        await photoDialog.getByRole('button', { name: 'Report', exact: true }).click();
        await photoDialog.getByLabel('Not a meal').check();
        await photoDialog.getByRole('button', { name: 'Send report' }).click();
      };
      await report();
      await expect(photoDialog.getByRole('status')).toHaveText('Thanks — the photo was reported', {
        timeout: 10_000,
      });
      await expectNoAxeViolations(page, 'the proof photo dialog');
      await photoDialog.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(photoDialog).toBeHidden();
      await report();
      await expect(photoDialog.getByRole('alert')).toHaveText(
        'You have already reported this photo',
        { timeout: 10_000 },
      );
      await photoDialog.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(photoDialog).toBeHidden();

      // The friend nudges the owner, whose lunch window is open and not proved.
      const nudge = board(friend).getByRole('button', {
        name: `Nudge ${owner.name} about Day 1 lunch`,
      });
      await nudge.click();
      await expect(nudge).toHaveText('Nudged');

      // After a reload each still sees what they sent as done: their own record, kept by the server.
      await Promise.all([page.reload(), friend.reload()]);
      await board(page).scrollIntoViewIfNeeded();
      await expect(cheer).toBeDisabled({ timeout: 20_000 });
      await expect(cheer).toHaveAttribute('aria-pressed', 'true');
      await expect(cheer).toHaveAccessibleDescription('1 cheer for Day 1 lunch');
      await board(friend).scrollIntoViewIfNeeded();
      await expect(nudge).toHaveText('Nudged', { timeout: 20_000 });
      await expect(nudge).toBeDisabled();

      // Both notices arrive for their members.
      const notices = async (uid: string) =>
        Object.values((await readData<Record<string, NoticeRecord>>(`users/${uid}/notices`)) ?? {});
      await expect
        .poll(async () => (await notices(owner.uid)).map(({ kind, meal }) => `${kind} ${meal}`))
        .toEqual(['nudge Day1-lunch']);
      const [friendUid] = await uidsWithEmail(friendEmail);
      const [cheered] = await notices(friendUid!);
      expect(cheered).toMatchObject({ kind: 'cheer', meal: 'Day1-lunch', fromName: owner.name });

      // Each sees theirs in the app: a badge on the menu and the list of recent cheers and nudges.
      await expect(await openNotices(page, owner.name)).toContainText(
        `${friendName} nudged you: your Day 1 lunch in ${title} is open`,
      );
      await expect(await openNotices(friend, friendName)).toContainText(
        `${owner.name} cheered your Day 1 lunch in ${title}`,
      );
    } finally {
      await friendContext.close();
    }
  });
});
