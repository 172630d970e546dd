import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { challengePath, profilePath } from '../src/lib/app-addresses';
import { expectNoAxeViolations } from './support/axe';
import { encodeBoardProofs, encodeBoardWindows } from '@domain/challenges/board-windows';
import { MEAL_SLOTS } from '@domain/constants';
import { readData, writeData, type TestMember } from './support/backend';
import { expect, signIn, test } from './support/fixtures';
import { seedChallenge, seedChallengeWithLunchOpen } from './support/seed-challenge';

/*
 * Issue 40, "How it must hold": the daily screens (the feed with Today, a challenge page, a group challenge's
 * board, the profile, Admin-X) rendered at 375 px (mobile project) and 1280 px (desktop), saved to
 * docs/screens/<screen>-<width>.png for review, and checked for what a phone must never show: sideways
 * scrolling, and a primary action smaller than a thumb (docs/architecture.md, "Look").
 */

/** WCAG 2.5.5's target size, the app's --cx-tap-size. */
const TAP = 44;
/** Sub-pixel rounding of laid-out boxes. */
const SLACK = 0.5;

const SCREENS_DIR = join(process.cwd(), 'docs', 'screens');

/**
 * Elements that stick out of the viewport sideways, named for the failure message. Content clipped or scrolled
 * inside a box of its own (overflow-x other than visible: day chips, the admin boxes) is that box's business:
 * the box itself is checked. Hidden and visually-hidden elements take no room.
 */
function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    const clippedByAncestor = (element: Element) => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement)
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      return false;
    };
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const rect = element.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) continue;
      if (rect.right <= width + 0.5 && rect.left >= -0.5) continue;
      if (clippedByAncestor(element)) continue;
      const classes = element.getAttribute('class')?.trim().replace(/\s+/g, '.') ?? '';
      const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${classes}`;
      found.push(`${name} (${Math.round(rect.left)}–${Math.round(rect.right)} px of ${width})`);
    }
    return found;
  });
}

/**
 * The primary actions: every visible button, button-styled link (.btn), pagination link and menu entry in the
 * page's main content, and the bottom navigation's links. Inline text links (a link inside a sentence, a
 * member's name) are left out: WCAG 2.5.8 exempts them and they are not what a thumb aims at.
 */
const PRIMARY_ACTIONS = [
  'main button',
  'main .btn',
  'main [role="button"]',
  'main .page-link',
  'main .dropdown-item',
  'main input[type="submit"]',
  'nav.bottom-nav a',
].join(', ');

async function smallTapTargets(page: Page): Promise<string[]> {
  return page.locator(PRIMARY_ACTIONS).evaluateAll((elements, least) => {
    const found: string[] = [];
    for (const element of elements) {
      const rect = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      // Not shown (a closed menu, a phone-hidden part, a visually-hidden helper): nothing to tap.
      if (rect.width <= 1 || rect.height <= 1 || style.visibility === 'hidden') continue;
      // Sub-pixel rounding of laid-out boxes aside.
      if (rect.width + 0.5 >= least && rect.height + 0.5 >= least) continue;
      const label =
        element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
      found.push(
        `${element.tagName.toLowerCase()} "${label}" ${Math.round(rect.width)}×${Math.round(rect.height)}`,
      );
    }
    return found;
  }, TAP);
}

/** Waits for `ready`, checks the screen at this width, runs axe on it and saves its screenshot. */
async function checkScreen(page: Page, screen: string, ready: Locator) {
  await expect(ready).toBeVisible({ timeout: 20_000 });
  // Lazy parts (the sidebar's widgets, images) settle: the screenshot and the checks see the screen as it stays.
  await page.evaluate(() => document.fonts.ready);
  // Images the browser defers (loading="lazy", off screen) load when scrolled to, not before.
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          Array.from(document.images).every((image) => image.complete || image.loading === 'lazy'),
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
  // Parts that render after the first (a board's rows, their actions) have arrived: the page stops growing.
  let lastHeight = -1;
  await expect
    .poll(
      async () => {
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        const settled = height === lastHeight;
        lastHeight = height;
        return settled;
      },
      { intervals: [300] },
    )
    .toBe(true);
  const width = page.viewportSize()!.width;
  const phone = width < 768;

  const scroll = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scroll.scrollWidth, `${screen} at ${width} px scrolls sideways`).toBeLessThanOrEqual(
    scroll.clientWidth,
  );
  expect(
    await overflowingElements(page),
    `${screen} at ${width} px: elements past the edge`,
  ).toEqual([]);
  if (phone) {
    expect(
      await smallTapTargets(page),
      `${screen} at ${width} px: tap targets under 44 px`,
    ).toEqual([]);
    // The bottom navigation is there, and covers nothing: at the end of the page the footer ends above it.
    const bottomNav = page.getByRole('navigation', { name: 'Main' });
    await expect(bottomNav).toBeVisible();
    // Instantly (Bootstrap's smooth scrolling would have the boxes measured mid-way), and again while the page
    // still grows (a board's rows and their actions arrive after its first render).
    await expect(async () => {
      await page.evaluate(() =>
        window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
      );
      const footer = await page.locator('footer.site-footer').boundingBox();
      const nav = await bottomNav.boundingBox();
      expect(footer!.y + footer!.height).toBeLessThanOrEqual(nav!.y + SLACK);
    }).toPass({ timeout: 10_000 });
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  }
  await expectNoAxeViolations(page, `${screen} at ${width} px`);

  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.screenshot({
    path: join(SCREENS_DIR, `${screen}-${width}.png`),
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
    // A whole page in one picture: the fixed bottom navigation drawn where it ends up, after the footer, not
    // across the middle of the page where the first screen's bottom edge was.
    style:
      '.bottom-nav { position: static !important; } .has-bottom-nav { padding-bottom: 0 !important; }',
  });
}

/** The seed's dishes drawn with pictures the app ships (the seed names one it does not), as a real plan has. */
async function showShippedPictures(owner: TestMember, challengeId: string) {
  const pictures = {
    breakfast: '/meals/kanda-poha-peanuts.svg',
    lunch: '/meals/rajma-chawal.svg',
    dinner: '/meals/moong-dal-khichdi.svg',
  };
  for (const [slot, picture] of Object.entries(pictures))
    await writeData(`users/${owner.uid}/challenges/${challengeId}/meals/Day1/${slot}/img`, picture);
  await writeData(`feed/${challengeId}/cover`, pictures.breakfast);
}

/** A group challenge the owner runs with a friend: the owner's record opened to the link, and the board. */
async function seedGroupChallenge(owner: TestMember, friendName: string) {
  const title = `Team lunch ${randomUUID().slice(0, 6)}`;
  const challengeId = await seedChallengeWithLunchOpen(owner, { title, published: true });
  await showShippedPictures(owner, challengeId);
  const path = `users/${owner.uid}/challenges/${challengeId}`;
  await writeData(`${path}/access`, 'link');
  await writeData(`${path}/memberCount`, 2);
  // Both plans share the seeded day's windows; the owner proved breakfast (already past: lunch is open).
  const day = (await readData<Record<string, { opensAt: number; closesAt: number }>>(
    `${path}/meals/Day1`,
  ))!;
  const windows = encodeBoardWindows(
    MEAL_SLOTS.map((slot) => ({ key: `Day1-${slot}` as const, ...day[slot]! })),
  );
  const row = (displayName: string, proved: number, points: number) => ({
    displayName,
    photoURL: '',
    joinedAt: Date.now() - 60_000,
    proved,
    points,
    windows,
    ...(proved > 0 ? { proofs: encodeBoardProofs([['Day1-breakfast', 'Done']]) } : {}),
  });
  await writeData(`groups/${challengeId}`, {
    ownerId: owner.uid,
    access: 'link',
    memberCount: 2,
    members: {
      [owner.uid]: row(owner.name, 1, 10),
      'uid-screens-friend': row(friendName, 0, 0),
    },
  });
  return { title, address: challengePath(owner.uid, challengeId, title) };
}

test.describe('the daily screens', () => {
  test.setTimeout(300_000);

  test('the feed, a challenge page, a group board, the profile and Admin-X fit the screen, with thumb-sized actions', async ({
    page,
    newMember,
  }) => {
    const member = await newMember({ completeProfile: true, admin: true });
    const title = `Screens week ${randomUUID().slice(0, 6)}`;
    const challengeId = await seedChallenge(member, { title, published: true });
    await showShippedPictures(member, challengeId);
    const group = await seedGroupChallenge(member, 'Ravi Kumar');
    await signIn(page, member);

    await page.goto('/feed');
    // The feed with its sidebar below (phones) or beside it, widgets loaded (near the screen: scrolled to).
    await page.getByRole('complementary', { name: 'Sidebar' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('heading', { name: 'Recent Post' })).toBeAttached({
      timeout: 20_000,
    });
    await checkScreen(page, 'feed', page.getByText(group.title).first());

    await page.goto(challengePath(member.uid, challengeId, title));
    await checkScreen(page, 'challenge', page.getByRole('heading', { level: 1, name: title }));

    await page.goto(group.address);
    await checkScreen(page, 'board', page.getByRole('region', { name: 'Challenge board' }));

    await page.goto(profilePath(member.name, member.uid));
    const mine = page.getByRole('region', { name: 'My challenges' });
    await expect(mine.getByRole('link', { name: title })).toBeVisible({ timeout: 20_000 });
    await checkScreen(page, 'profile', page.getByRole('heading', { level: 1, name: member.name }));

    await page.goto('/admin-x');
    const users = page.getByRole('region', { name: /^User List/ });
    await expect(users.getByRole('listitem').first()).toBeVisible({ timeout: 20_000 });
    await checkScreen(page, 'admin', page.getByRole('heading', { level: 1, name: 'Admin-X' }));
  });
});
