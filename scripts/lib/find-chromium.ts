/**
 * The Chromium that the end-to-end tests, the browser conformance suite and the bench drive.
 * CHROMIUM_PATH wins when set; otherwise the first installed browser that starts (Debian's
 * chromium, Playwright's own download); otherwise one is installed now: Debian's chromium
 * package when we are root with apt-get, else Playwright's browser download. So a fresh
 * machine with Node alone needs no manual step before `npm test` or `npm run bench`.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { nodeBin } from './processes';

export interface ChromiumInstaller {
  /** What it installs, for the messages ("Debian's chromium package"). */
  name: string;
  /** Whether it can run here at all (e.g. apt-get needs root). */
  available(): boolean;
  /** Installs (output to the terminal) and returns the executable's path; throws on failure. */
  install(log: (line: string) => void): string;
}

export interface ChromiumSearch {
  /** An explicit choice (CHROMIUM_PATH): used if it starts, an error if not. */
  override?: string;
  /** Installed browsers to try, in order. */
  candidates?: string[];
  installers?: ChromiumInstaller[];
  log?: (line: string) => void;
}

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** Playwright's own Chromium build (present after `npx playwright install chromium`). */
const playwrightChromium = () => chromium.executablePath();

export const defaultCandidates = (): string[] => [
  DEBIAN_CHROMIUM,
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome-stable',
  '/usr/bin/google-chrome',
  playwrightChromium(),
];

/** Why the browser at `path` cannot be used, or null if it starts (`--version`). */
export function whyUnusable(path: string): string | null {
  if (!existsSync(path)) return 'does not exist';
  try {
    accessSync(path, constants.X_OK);
  } catch {
    return 'is not executable';
  }
  const run = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 60_000 });
  if (run.error) return `does not start (${run.error.message})`;
  if (run.status !== 0) {
    const said = `${run.stderr ?? ''}${run.stdout ?? ''}`.trim().split('\n').pop();
    return `does not start (exit ${run.status ?? run.signal}${said ? `: ${said}` : ''})`;
  }
  return null;
}

function checkOverride(path: string): string {
  const problem = whyUnusable(path);
  if (problem) {
    throw new Error(
      `CHROMIUM_PATH=${path} ${problem}. Point it at a working Chromium, or unset it to let ` +
        'the tests find one or install it.',
    );
  }
  return path;
}

/** The browser to use if one is already there (no installing); null if none starts. */
export function locateChromium(search: ChromiumSearch = {}): string | null {
  if (search.override) return checkOverride(search.override);
  return (search.candidates ?? defaultCandidates()).find((path) => !whyUnusable(path)) ?? null;
}

export const aptInstaller: ChromiumInstaller = {
  name: "Debian's chromium package (apt-get, as root)",
  available: () => process.getuid?.() === 0 && existsSync('/usr/bin/apt-get'),
  install(log) {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    for (const args of [
      ['update', '-qq'],
      ['install', '-y', '-qq', '--no-upgrade', 'chromium'],
    ]) {
      log(`apt-get ${args.join(' ')}`);
      const run = spawnSync('apt-get', args, { env, stdio: 'inherit' });
      if (run.status !== 0) throw new Error(`apt-get ${args[0]} failed (exit ${run.status})`);
    }
    return DEBIAN_CHROMIUM;
  },
};

export const playwrightInstaller: ChromiumInstaller = {
  name: "Playwright's Chromium download (npx playwright install chromium)",
  available: () => true,
  install(log) {
    log('npx playwright install chromium');
    const run = spawnSync(process.execPath, [nodeBin('playwright'), 'install', 'chromium'], {
      stdio: 'inherit',
    });
    if (run.status !== 0) throw new Error(`playwright install failed (exit ${run.status})`);
    return playwrightChromium();
  },
};

/**
 * The browser to use, installing one if none is there. Says what it is doing; throws with
 * what was tried and what to do if nothing works.
 */
export function ensureChromium(search: ChromiumSearch = {}): string {
  const log = search.log ?? ((line: string) => console.log(line));
  const candidates = search.candidates ?? defaultCandidates();
  const found = locateChromium({ ...search, candidates });
  if (found) return found;

  log(`No usable Chromium found (looked at ${candidates.join(', ')}).`);
  const failures: string[] = [];
  for (const installer of search.installers ?? [aptInstaller, playwrightInstaller]) {
    if (!installer.available()) {
      failures.push(`${installer.name}: not possible here`);
      continue;
    }
    log(`Installing Chromium: ${installer.name}. This takes a minute or two, once.`);
    try {
      const path = installer.install(log);
      const problem = whyUnusable(path);
      if (!problem) {
        log(`Chromium installed: ${path}`);
        return path;
      }
      failures.push(`${installer.name}: installed ${path}, but it ${problem}`);
    } catch (error) {
      failures.push(`${installer.name}: ${(error as Error).message}`);
    }
    log(`That did not work: ${failures[failures.length - 1]}`);
  }
  throw new Error(
    `No usable Chromium, and installing one failed:\n  ${failures.join('\n  ')}\n` +
      'Install Chromium (Debian: `sudo apt-get install chromium`; elsewhere: ' +
      '`npx playwright install --with-deps chromium`) or set CHROMIUM_PATH to one.',
  );
}
