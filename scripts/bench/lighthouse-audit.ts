/**
 * Lighthouse (its default config: mobile emulation, simulated throttling) on
 * pages of the served build, in the Chromium scripts/lib/find-chromium.ts found. Pages behind the login
 * guard reuse a real session: Playwright signs a demo member in through the
 * login screen in the same Chromium profile (over CDP), then Lighthouse runs
 * with `disableStorageReset` so the IndexedDB session and localStorage stay;
 * the HTTP cache, the service worker and its caches are cleared over CDP before
 * every run instead (each audit is a first visit). After the audits, the same
 * profile measures the repeat visit, which the service worker serves.
 * Every run at one fixed CPU slowdown, Lighthouse's default 4× unless another is asked for (docs/performance.md,
 * "How each figure is measured"); each run's figures are logged with the host's CPU model (lighthouse-report.ts).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { Launcher } from 'chrome-launcher';
import lighthouse, { type Result as LighthouseResult } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { storageKeys } from '../../src/lib/device-storage';
import { onShutdown } from '../lib/shutdown';
import { runFigures, runLine, type RunFigures } from './lighthouse-report';
import { measureRepeatVisit, type RepeatVisit } from './repeat-visit';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

export interface AuditedPage {
  name: string;
  /** A function for an address known only once the session is set up (signIn). */
  path: string | (() => string);
  signedIn: boolean;
}

/** A page's short name for `--pages`: the first word of its name (home, feed, challenge, profile). */
export const pageKey = (page: AuditedPage) => page.name.split(' ')[0];

/**
 * The pages `npm run bench -- --pages profile,home` names (every page without the option), in the
 * order given: auditing one or two pages gives more runs of them in the same time, interleaved with
 * nothing else (docs/performance.md).
 */
export function selectPages(pages: AuditedPage[], wanted: string | undefined): AuditedPage[] {
  if (!wanted) return pages;
  return wanted.split(',').map((name) => {
    const found = pages.find((page) => pageKey(page) === name.trim());
    if (!found)
      throw new Error(`Unknown page "${name}" (${pages.map((page) => pageKey(page)).join(', ')})`);
    return found;
  });
}

export interface PageScores {
  name: string;
  path: string;
  signedIn: boolean;
  /** Every run's figures, in order: the budgets judge their medians (lighthouse-report.ts). */
  runs: RunFigures[];
  /** Audits that lost points in the median run, for diagnosis. */
  failingAudits: string[];
  /** The runs' `throttling.cpuSlowdownMultiplier`. */
  cpuSlowdownMultiplier: number;
  /** The median run's full report (Lighthouse's computeMedianRun). */
  report: LighthouseResult;
}

interface LaunchedChrome {
  port: number;
  kill(): void;
}

/**
 * Starts Chromium for Lighthouse; a browser that exits at start fails at once with its
 * exit code (chrome-launcher alone would poll the debugging port for a minute).
 */
async function launchChromium(chromePath: string, userDataDir: string): Promise<LaunchedChrome> {
  let failStart: (error: Error) => void = () => {};
  const exitedAtStart = new Promise<never>((_, reject) => (failStart = reject));
  exitedAtStart.catch(() => {}); // an exit after the start is not an error here
  const launcher = new Launcher(
    {
      chromePath,
      chromeFlags: CHROME_FLAGS,
      userDataDir,
      maxConnectionRetries: 100,
      handleSIGINT: false, // our shutdown stops it, after the rest of the stack
    },
    {
      spawn: ((command: string, args: string[], options: object) => {
        const child = spawn(command, args, options);
        child.once('exit', (code, signal) =>
          failStart(
            new Error(
              `Chromium (${chromePath}) exited while starting (${code ?? signal}); its log: ${userDataDir}/chrome-err.log`,
            ),
          ),
        );
        return child;
      }) as typeof spawn,
    },
  );
  const forget = onShutdown(async () => launcher.kill());
  try {
    await Promise.race([launcher.launch(), exitedAtStart]);
  } catch (error) {
    forget();
    launcher.kill();
    throw error;
  }
  return {
    port: launcher.port!,
    kill: () => {
      forget();
      launcher.kill();
    },
  };
}

export interface SessionSetup {
  /** Runs in a page of the audited profile before the signed-in pages are audited. */
  signIn(page: Page, baseUrl: string): Promise<void>;
}

function failingAudits(lhr: LighthouseResult): string[] {
  return ['accessibility', 'best-practices', 'performance'].flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter(
        (audit) =>
          audit && audit.score !== null && audit.score < (category === 'performance' ? 0.9 : 1),
      )
      .map(
        (audit) =>
          `${category}: ${audit.id} (${audit.title}${audit.displayValue ? `, ${audit.displayValue}` : ''})`,
      ),
  );
}

async function auditOnce(
  chrome: LaunchedChrome,
  url: string,
  cpuSlowdownMultiplier: number,
): Promise<LighthouseResult> {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    disableStorageReset: true,
    maxWaitForLoad: 45_000,
    // Merged into the default mobile throttling: only the CPU factor can change.
    throttling: { cpuSlowdownMultiplier },
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError)
    throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.message}`);
  // A guard redirect (to /login) would audit the wrong page.
  if (new URL(result.lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`Lighthouse on ${url} ended on ${result.lhr.finalDisplayedUrl}`);
  }
  return result.lhr;
}

async function auditPage(
  chrome: LaunchedChrome,
  baseUrl: string,
  page: AuditedPage,
  options: { runs: number; cpuSlowdown: number; cpu: string; log: (line: string) => void },
): Promise<PageScores> {
  const path = typeof page.path === 'string' ? page.path : page.path();
  const results: LighthouseResult[] = [];
  const runs: RunFigures[] = [];
  for (let run = 0; run < options.runs; run++) {
    await clearCachesOf(chrome, baseUrl);
    const lhr = await auditOnce(chrome, `${baseUrl}${path}`, options.cpuSlowdown);
    results.push(lhr);
    runs.push(runFigures(lhr));
    options.log(runLine(run + 1, runs[run], options.cpuSlowdown, options.cpu));
  }
  // Lighthouse's own pick, for the saved report: the run nearest the median FCP and TTI.
  const lhr = computeMedianRun(results);
  return {
    ...page,
    path,
    runs,
    failingAudits: failingAudits(lhr),
    cpuSlowdownMultiplier: options.cpuSlowdown,
    report: lhr,
  };
}

/** Drives the audited profile with Playwright over CDP, then lets go of it (Chromium keeps running). */
async function withPlaywright(
  chrome: LaunchedChrome,
  use: (page: Page) => Promise<void>,
): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`, {
    timeout: 30_000,
  });
  try {
    const page = await browser.contexts()[0].newPage();
    page.setDefaultTimeout(30_000);
    await use(page);
    await page.close();
  } finally {
    await browser.close();
  }
}

/**
 * Every audit is a first visit: a cold HTTP cache, no service worker or Cache Storage (which the previous
 * run's page installed) and nothing in localStorage (the previous run's cached feed page and last challenge
 * would be drawn at once) but the member's saved session, which stays signed in as Firebase Auth's own
 * IndexedDB record does (docs/architecture.md, "Device storage").
 */
const clearCachesOf = (chrome: LaunchedChrome, baseUrl: string) =>
  withPlaywright(chrome, async (page) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', {
      origin: new URL(baseUrl).origin,
      storageTypes: 'service_workers,cache_storage',
    });
    await cdp.detach();
    // A static file of the origin, so no app code runs (and writes) while the keys are removed.
    await page.goto(`${baseUrl}/manifest.webmanifest`);
    await page.evaluate((kept) => {
      for (const key of Object.keys(localStorage)) if (key !== kept) localStorage.removeItem(key);
      sessionStorage.clear();
    }, storageKeys.session);
  });

export async function auditPages(options: {
  chromiumPath: string;
  baseUrl: string;
  pages: AuditedPage[];
  session: SessionSetup;
  runsPerPage: number;
  cpuSlowdown: number;
  /** The host's CPU model, logged beside each run's figures. */
  cpu: string;
  /** The signed-in page to load again with the service worker, and how many times. */
  repeatVisit: { path: string; visits: number };
  log: (line: string) => void;
}): Promise<{ scores: PageScores[]; repeatVisit: RepeatVisit | Error }> {
  const { baseUrl, pages, session, runsPerPage, log } = options;
  const profile = mkdtempSync(join(tmpdir(), 'challangex-bench-chromium-'));
  let chrome: LaunchedChrome;
  try {
    chrome = await launchChromium(options.chromiumPath, profile);
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
  try {
    const scores: PageScores[] = [];
    // Signed-out pages first, while the profile has no session yet.
    const ordered = [...pages].sort((a, b) => Number(a.signedIn) - Number(b.signedIn));
    let signedIn = false;
    for (const page of ordered) {
      if (page.signedIn && !signedIn) {
        log('signing in a demo member (Playwright over CDP)');
        await withPlaywright(chrome, (page) => session.signIn(page, baseUrl));
        signedIn = true;
      }
      log(`lighthouse ${page.name} (${runsPerPage} run${runsPerPage === 1 ? '' : 's'})`);
      scores.push(
        await auditPage(chrome, baseUrl, page, {
          runs: runsPerPage,
          cpuSlowdown: options.cpuSlowdown,
          cpu: options.cpu,
          log,
        }),
      );
    }
    if (!signedIn) await withPlaywright(chrome, (page) => session.signIn(page, baseUrl));
    const { path, visits } = options.repeatVisit;
    log(`repeat visit ${path} with the service worker (${visits} visits)`);
    await clearCachesOf(chrome, baseUrl);
    // A failure here is reported beside the audits' scores, not instead of them.
    let repeatVisit: RepeatVisit | Error = new Error('the repeat visit was not measured');
    try {
      await withPlaywright(chrome, async (page) => {
        const context = page.context();
        repeatVisit = await measureRepeatVisit(
          async () => {
            const tab = await context.newPage();
            tab.setDefaultTimeout(30_000);
            return tab;
          },
          `${baseUrl}${path}`,
          visits,
        );
      });
    } catch (error) {
      repeatVisit = error instanceof Error ? error : new Error(String(error));
    }
    return { scores, repeatVisit };
  } finally {
    chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}
