import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

// The other specs run with service workers blocked (playwright.config.ts); these are about the worker.
test.use({ serviceWorkers: 'allow' });

/** Waits until the service worker is active (its precache complete) and returns what the browser reports. */
async function activeServiceWorker(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { scope: registration.scope, script: registration.active?.scriptURL ?? null };
  });
}

/** Cache Storage as the page sees it: every cache and the addresses it holds. */
function cachedUrls(page: Page) {
  return page.evaluate(async () => {
    const caches_ = await Promise.all(
      (await caches.keys()).map(async (name) => ({
        name,
        urls: (await (await caches.open(name)).keys()).map((request) => request.url),
      })),
    );
    return caches_;
  });
}

test.describe('installable app', () => {
  test('Chromium finds the manifest valid and the app installable', async ({
    playwright,
    launchOptions,
    baseURL,
  }, testInfo) => {
    // Chromium never offers to install from an incognito profile, which every test context is: this test
    // opens the app in a profile of its own on disk.
    const context = await playwright.chromium.launchPersistentContext(
      testInfo.outputPath('profile'),
      {
        ...launchOptions,
        baseURL,
        serviceWorkers: 'allow',
      },
    );
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/');
      await expect(page.getByRole('link', { name: 'ChallangeX' })).toBeVisible();
      const cdp = await page.context().newCDPSession(page);
      // The browser's own manifest parser and install check.
      await expect(async () => {
        const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
        expect(installabilityErrors).toEqual([]);
      }).toPass({ timeout: 20_000 });
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.errors).toEqual([]);
      expect(manifest.url).toBe(`${baseURL}/manifest.webmanifest`);
      const parsed = JSON.parse(manifest.data ?? '{}') as {
        icons: Array<{ src: string; sizes: string; purpose: string }>;
      };
      expect(parsed).toMatchObject({
        name: 'ChallangeX',
        short_name: 'ChallangeX',
        start_url: '/',
        display: 'standalone',
        theme_color: '#146c43',
      });

      // Every icon is served, is a PNG and has the size the manifest claims, maskable included.
      const icons = await page.evaluate(
        async (list) =>
          Promise.all(
            list.map(async (icon) => {
              const response = await fetch(icon.src);
              const bitmap = await createImageBitmap(await response.blob());
              return {
                purpose: icon.purpose,
                sizes: icon.sizes,
                type: response.headers.get('content-type'),
                drawn: `${bitmap.width}x${bitmap.height}`,
              };
            }),
          ),
        parsed.icons,
      );
      for (const icon of icons) {
        expect(icon.type).toBe('image/png');
        expect(icon.drawn).toBe(icon.sizes);
      }
      expect(icons.map((icon) => `${icon.purpose} ${icon.sizes}`)).toEqual(
        expect.arrayContaining(['any 192x192', 'any 512x512', 'maskable 512x512']),
      );
      await cdp.detach();
    } finally {
      await context.close();
    }
  });

  test('registers a service worker that precaches the shell and caches no API or database answer', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/');
    const worker = await activeServiceWorker(page);
    expect(worker).toEqual({ scope: `${baseURL}/`, script: `${baseURL}/sw.js` });

    // Use the app a little under the worker's control: the feed's reads, the leaderboard's.
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // On phones the nav's link is folded away and the sidebar stands below the feed: its widgets (the top
    // challengers' Leader-board link) render once it nears the screen.
    await page.getByRole('complementary', { name: 'Sidebar' }).scrollIntoViewIfNeeded();
    await page.getByRole('link', { name: 'Leader-board' }).first().click();
    await expect(page).toHaveURL(/\/leader-board$/);

    const caches = await cachedUrls(page);
    const urls = caches.flatMap((cache) => cache.urls);
    // Workbox keys the shell by its revision (app.html?__WB_REVISION__=…).
    expect(urls.some((url) => new URL(url).pathname === '/app.html')).toBe(true);
    expect(urls.some((url) => /\/assets\/app-shell-[\w-]+\.js$/.test(url))).toBe(true);
    // Nothing from /api, the database (REST or emulator) or Auth.
    const served = new URL(baseURL!).host;
    const foreignOrApi = urls.filter(
      (url) =>
        new URL(url).pathname.startsWith('/api/') ||
        (new URL(url).host !== served && !new URL(url).pathname.startsWith('/v0/b/')),
    );
    expect(foreignOrApi).toEqual([]);
  });

  test('with the network cut the app says it is offline and keeps the page; a reload still opens the app', async ({
    page,
    context,
  }) => {
    await page.goto('/about');
    await activeServiceWorker(page);
    const heading = page.getByRole('heading', { level: 1 }).first();
    await expect(heading).toBeVisible();
    const title = await heading.textContent();
    const offlineNotice = page.getByRole('status').filter({ hasText: 'You are offline' });
    await expect(offlineNotice).toHaveCount(0);

    await context.setOffline(true);
    await expect(offlineNotice).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: title! })).toBeVisible();

    // A new load without network: the service worker serves the shell, the app starts and says it is offline.
    await page.reload();
    await expect(page.getByRole('link', { name: 'ChallangeX' })).toBeVisible();
    // The router drew the About page's state (on phones the link sits in the collapsed menu).
    await expect(page.locator('#main-nav .nav-link.active')).toHaveText('About');
    await expect(offlineNotice).toBeVisible();

    await context.setOffline(false);
    await expect(offlineNotice).toHaveCount(0);
  });
});
