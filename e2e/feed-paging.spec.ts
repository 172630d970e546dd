import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createMember, writeData, type TestMember } from './support/backend';
import { e2eStack } from './support/e2e-stack';
import { expect, signIn, test } from './support/fixtures';

const cardTitles = (page: Page) => page.locator('article.challenge-card h3').allTextContents();

/** Writes `count` feed entries by `author`, one second apart and newer than anything else; returns their keys. */
async function seedFeed(author: TestMember, label: string, count: number): Promise<string[]> {
  const base = Date.now();
  const slug = label.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const keys = Array.from({ length: count }, (_, index) => `e2e-${slug}-${index + 1}`);
  await Promise.all(
    keys.map((key, index) =>
      writeData(`feed/${key}`, {
        uid: author.uid,
        title: `${label} ${index + 1}`,
        day: 3,
        preference: 'veg',
        targetBody: 'Lean',
        displayName: author.name,
        photoURL: '',
        cover: '/meals/poha.svg',
        createdAt: base + index * 1000,
      }),
    ),
  );
  return keys;
}

const newestFirst = (label: string, from: number, to: number) =>
  Array.from({ length: from - to + 1 }, (_, index) => `${label} ${from - index}`);

test('the feed page lives in the URL: next/previous, reload, Back, and a page past the end', async ({
  page,
}) => {
  const label = `Paged ${randomUUID().slice(0, 6)}`;
  const author = await createMember({ completeProfile: true });
  const viewer = await createMember({ completeProfile: true });
  const keys = await seedFeed(author, label, 12);
  try {
    await signIn(page, viewer);
    const pages = page.getByRole('navigation', { name: 'Feed pages' });
    await expect.poll(() => cardTitles(page)).toEqual(newestFirst(label, 12, 8));
    await expect(pages).toContainText(/Page 1 of \d+/);
    await expect(pages.getByRole('link', { name: 'Previous' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    await pages.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/feed\?page=2$/);
    await expect.poll(() => cardTitles(page)).toEqual(newestFirst(label, 7, 3));
    await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    // The address alone shows the page: reloading (or sharing it) lands on page 2 again.
    await page.reload();
    await expect.poll(() => cardTitles(page)).toEqual(newestFirst(label, 7, 3));

    await page.goBack();
    await expect(page).toHaveURL(/\/feed$/);
    await expect.poll(() => cardTitles(page)).toEqual(newestFirst(label, 12, 8));

    await page.goto('/feed?page=100000');
    await expect(
      page.getByText(/^There is no page 100000: the feed has \d+ pages?\.$/),
    ).toBeVisible();
    await page.getByRole('link', { name: /^Go to page \d+$/ }).click();
    await expect(pages.getByRole('link', { name: 'Next' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  } finally {
    await Promise.all(keys.map((key) => writeData(`feed/${key}`, null)));
  }
});

test('visitors see five cards and a “Log in to see more” link instead of page links', async ({
  page,
}) => {
  const label = `Visible ${randomUUID().slice(0, 6)}`;
  const author = await createMember({ completeProfile: true });
  const keys = await seedFeed(author, label, 6);
  try {
    await page.goto('/');
    await expect.poll(() => cardTitles(page)).toEqual(newestFirst(label, 6, 2));
    await expect(page.getByRole('navigation', { name: 'Feed pages' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Log in to see more' }).click();
    await expect(page).toHaveURL(/\/login$/);
  } finally {
    await Promise.all(keys.map((key) => writeData(`feed/${key}`, null)));
  }
});

test.describe('repeat visits', () => {
  // A service worker would answer the page's requests before page.route sees them.
  test.use({ serviceWorkers: 'block' });

  test('a second visit shows the cached feed, marked as updating, before live data arrives', async ({
    page,
  }) => {
    const label = `Cached ${randomUUID().slice(0, 6)}`;
    const author = await createMember({ completeProfile: true });
    const keys = await seedFeed(author, label, 5);
    try {
      await page.goto('/');
      await expect.poll(() => cardTitles(page)).toEqual(newestFirst(label, 5, 1));

      // Leave, so the first visit's live listener cannot copy the entry added below into the cache.
      await page.goto('about:blank');
      // Second visit: the database answers nothing until released (REST reads held, its WebSocket silent).
      const databasePort = String(e2eStack().ports.database);
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.port === databasePort && url.pathname === '/feed.json',
        async (route) => {
          await released;
          await route.continue();
        },
      );
      await page.routeWebSocket(
        (url) => url.port === databasePort,
        () => {},
      );
      keys.push(...(await seedFeed(author, `${label} live`, 1)));

      // Notes when the first card is drawn, in ms after navigation start (a figure for docs/performance.md).
      await page.addInitScript(() => {
        new MutationObserver((_changes, observer) => {
          if (!document.querySelector('article.challenge-card')) return;
          (window as unknown as { firstCardAt: number }).firstCardAt = performance.now();
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto('/');
      await expect(page.getByRole('status').filter({ hasText: 'Updating…' })).toBeVisible();
      expect(await cardTitles(page)).toEqual(newestFirst(label, 5, 1));
      const firstCardAt = await page.evaluate(
        () => (window as unknown as { firstCardAt?: number }).firstCardAt,
      );
      expect(firstCardAt).toEqual(expect.any(Number));
      test.info().annotations.push({
        type: 'first card from the cache',
        description: `${Math.round(firstCardAt!)} ms after navigation start`,
      });

      release();
      await expect(page.getByRole('article', { name: `${label} live 1` })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Updating…' })).toHaveCount(0);
    } finally {
      await Promise.all(keys.map((key) => writeData(`feed/${key}`, null)));
    }
  });
});
