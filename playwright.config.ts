import { defineConfig, devices } from '@playwright/test';
import { locateChromium } from './scripts/lib/find-chromium';

const chromiumLaunch = {
  // `npm test` finds or installs a browser and passes it in CHROMIUM_PATH; without one found,
  // Playwright's own download is used (it says how to install it if missing).
  executablePath: locateChromium({ override: process.env.CHROMIUM_PATH }) ?? undefined,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

// One id per run (workers inherit it), so parallel runs never share an output folder.
const runId = (process.env.E2E_RUN_ID ??= String(process.pid));

export default defineConfig({
  testDir: 'e2e',
  outputDir: `test-results/e2e-${runId}`,
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : 'list',
  use: {
    // The production build installs a service worker; it would answer navigations and hide requests from
    // page.route. Only e2e/pwa.spec.ts, which tests it, lets it run.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunch,
  },
  projects: [
    {
      name: 'desktop',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: chromiumLaunch,
      },
    },
    {
      name: 'mobile',
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 375, height: 812 },
        launchOptions: chromiumLaunch,
      },
    },
  ],
});
