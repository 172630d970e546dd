/**
 * How `npm test` and `npm run bench` get a browser: an installed one that starts, else an
 * install (Debian's package when possible, else Playwright's download), with messages saying
 * so. Installers are injected here, so the "nothing installed" route runs without downloading.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  defaultCandidates,
  ensureChromium,
  locateChromium,
  type ChromiumInstaller,
} from '../../scripts/lib/find-chromium';

const dir = mkdtempSync(join(tmpdir(), 'find-chromium-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in browser: a script answering `--version` with the given exit code. */
function fakeBrowser(name: string, exitCode = 0): string {
  const path = join(dir, name);
  writeFileSync(path, `#!/bin/sh\necho "Chromium 999.0 (${name})"\nexit ${exitCode}\n`);
  chmodSync(path, 0o755);
  return path;
}

const missing = join(dir, 'not-installed', 'chromium');

function recordingInstaller(name: string, result: () => string, available = true) {
  const calls: string[] = [];
  const installer: ChromiumInstaller = {
    name,
    available: () => available,
    install: (log) => {
      calls.push(name);
      log(`(pretend) installing ${name}`);
      return result();
    },
  };
  return { installer, calls };
}

describe('finding Chromium', () => {
  it('uses the first installed browser that starts, without installing', () => {
    const broken = fakeBrowser('broken', 1);
    const working = fakeBrowser('working');
    const apt = recordingInstaller('apt', () => working);
    const path = ensureChromium({
      candidates: [missing, broken, working],
      installers: [apt.installer],
      log: () => {},
    });
    expect(path).toBe(working);
    expect(apt.calls).toEqual([]);
  });

  it("installs Debian's package when no browser is there and apt-get is possible", () => {
    const installed = fakeBrowser('debian-chromium');
    const apt = recordingInstaller("Debian's chromium package", () => installed);
    const playwright = recordingInstaller("Playwright's Chromium", () => missing);
    const lines: string[] = [];
    const path = ensureChromium({
      candidates: [missing],
      installers: [apt.installer, playwright.installer],
      log: (line) => lines.push(line),
    });
    expect(path).toBe(installed);
    expect(apt.calls).toHaveLength(1);
    expect(playwright.calls).toEqual([]);
    expect(lines[0]).toBe(`No usable Chromium found (looked at ${missing}).`);
    expect(lines).toContain(
      "Installing Chromium: Debian's chromium package. This takes a minute or two, once.",
    );
    expect(lines).toContain(`Chromium installed: ${installed}`);
  });

  it("falls back to Playwright's download when apt-get is not possible or fails", () => {
    const installed = fakeBrowser('playwright-chromium');
    const notRoot = recordingInstaller('apt', () => installed, false);
    const failing = recordingInstaller('another apt', () => {
      throw new Error('apt-get install failed (exit 100)');
    });
    const playwright = recordingInstaller("Playwright's Chromium", () => installed);
    const lines: string[] = [];
    const path = ensureChromium({
      candidates: [missing],
      installers: [notRoot.installer, failing.installer, playwright.installer],
      log: (line) => lines.push(line),
    });
    expect(path).toBe(installed);
    expect(notRoot.calls).toEqual([]);
    expect(failing.calls).toHaveLength(1);
    expect(lines).toContain('That did not work: another apt: apt-get install failed (exit 100)');
    expect(playwright.calls).toHaveLength(1);
  });

  it('fails with what it tried and what to do when no install gives a browser that starts', () => {
    const broken = fakeBrowser('installed-but-broken', 127);
    const apt = recordingInstaller('apt', () => broken);
    const playwright = recordingInstaller('playwright', () => missing);
    expect(() =>
      ensureChromium({
        candidates: [missing],
        installers: [apt.installer, playwright.installer],
        log: () => {},
      }),
    ).toThrow(
      new RegExp(
        `apt: installed ${broken}, but it does not start \\(exit 127[^\\n]*\\n\\s+playwright: installed ${missing}, but it does not exist\\n.*set CHROMIUM_PATH`,
      ),
    );
  });

  it('takes CHROMIUM_PATH as given, and names it when it does not start', () => {
    const chosen = fakeBrowser('chosen');
    expect(locateChromium({ override: chosen, candidates: [] })).toBe(chosen);
    expect(() => locateChromium({ override: missing })).toThrow(
      `CHROMIUM_PATH=${missing} does not exist. Point it at a working Chromium`,
    );
  });

  it("looks at Debian's chromium first and Playwright's own download last", () => {
    const candidates = defaultCandidates();
    expect(candidates[0]).toBe('/usr/bin/chromium');
    expect(candidates.at(-1)).toMatch(/ms-playwright/);
  });
});
