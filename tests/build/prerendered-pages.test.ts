/**
 * The production build's prerendered public pages (docs/architecture.md, "Prerendered public pages"), read from
 * dist/ (`npm test` builds it before the integration tests): each page holds its real content for a visitor,
 * Hosting serves each at its path and the SPA shell elsewhere, the service worker never answers another address
 * with the home, and the render-blocking stylesheet stays small.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import {
  MEMBER_SESSION_SCRIPT,
  PRERENDERED_PAGES,
  SPA_SHELL_FILE,
} from '../../build-plugins/prerendered-pages';
import { APP_STYLES_ATTRIBUTE, PRERENDERED_ATTRIBUTE } from '../../src/app/prerender-marks';
import { missingBuildMessage } from '../../scripts/bench/initial-js';
import { repoRoot } from '../../scripts/lib/stack';

const distDir = join(repoRoot, 'dist');

function builtFile(file: string): string {
  if (!existsSync(join(distDir, 'index.html'))) throw new Error(missingBuildMessage(distDir));
  return readFileSync(join(distDir, file), 'utf8');
}

/** The text a page shows, tags and React's text separators left out. */
const visibleText = (html: string) =>
  html
    .replace(/<head>[\s\S]*<\/head>/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** What a visitor must read on each page before any script runs: headings, intro, nav. */
const REAL_CONTENT: Record<(typeof PRERENDERED_PAGES)[number]['path'], string[]> = {
  '/': [
    'Which Challenge Would You Like to Take Today ?',
    'Meal challenges that count',
    'ChallangeX plans your meals for a goal you pick, and counts every meal you prove with a photo.',
    'Get a plan',
    'Snap each meal',
    'Earn points and streaks',
    'Challenges',
  ],
  '/about': [
    'Our mission: elevate every meal',
    'Innovation',
    'Privacy Policy',
    'Terms Conditions',
    'Take Challenge',
  ],
  '/contact': ['Contact', 'Questions, ideas or a problem? Write to the ChallangeX team.'],
  '/leader-board': [
    'Leader-board',
    '10 points for every meal proved inside its window, 10 more for a full day, 50 for a whole challenge.',
    'Weekly Top List',
    'Monthly Top List',
    'All-time Top List',
  ],
};

const NAV = ['Home', 'About', 'Contact', 'Leader-board', 'Register', 'Login'];

/** The stylesheets that block a page's first paint: linked in <head> for every medium. */
function renderBlockingStylesheets(html: string): string[] {
  const head = /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? '';
  return [...head.matchAll(/<link rel="stylesheet"[^>]*>/g)]
    .map((match) => match[0])
    .filter((link) => !/\bmedia="/.test(link))
    .map((link) => /href="\/([^"]+)"/.exec(link)![1]!);
}

describe('the prerendered public pages', () => {
  test.each(PRERENDERED_PAGES.map((page) => [page.path, page] as const))(
    '%s holds its real content and the nav bar for a visitor',
    (path, { file, title }) => {
      const html = builtFile(file);
      expect(html).toContain(`<div id="root" ${PRERENDERED_ATTRIBUTE}="${path}">`);
      const text = visibleText(html);
      for (const expected of [...REAL_CONTENT[path], ...NAV]) expect(text).toContain(expected);
      expect(html).toContain(`<title>${title ? `${title} · ChallangeX` : 'ChallangeX'}</title>`);
    },
  );

  test('each checks for a saved session in <head>, before the stylesheet, from a script file', () => {
    for (const { file } of PRERENDERED_PAGES) {
      const html = builtFile(file);
      const script = /<head><script src="\/(assets\/member-session-[\w-]+\.js)"><\/script>/.exec(
        html,
      );
      expect(script, file).not.toBeNull();
      expect(builtFile(script![1]!)).toBe(MEMBER_SESSION_SCRIPT);
    }
  });

  test('the SPA shell is the static look-alike, without any page content', () => {
    const shell = builtFile(SPA_SHELL_FILE);
    expect(shell).not.toContain(PRERENDERED_ATTRIBUTE);
    expect(shell).not.toContain('member-session');
    expect(visibleText(shell)).not.toContain('Meal challenges that count');
  });

  test('Hosting serves each page at its path (the home as index.html) and the shell everywhere else', () => {
    const firebase = JSON.parse(readFileSync(join(repoRoot, 'firebase.json'), 'utf8')) as {
      hosting: { rewrites: { source: string; destination?: string }[] };
    };
    const rewrites = firebase.hosting.rewrites.filter((rewrite) => rewrite.destination);
    const served = (path: string) =>
      path === '/'
        ? '/index.html'
        : rewrites.find((r) => r.source === path || r.source === '**')?.destination;
    for (const { path, file } of PRERENDERED_PAGES) expect(served(path), path).toBe(`/${file}`);
    for (const path of ['/feed', '/login', '/profile/ann/u1', '/challange/x/y/z'])
      expect(served(path), path).toBe(`/${SPA_SHELL_FILE}`);
    expect(rewrites.at(-1)).toEqual({ source: '**', destination: `/${SPA_SHELL_FILE}` });
  });

  test('the service worker precaches the shell and falls back to it, never to the home', () => {
    const worker = builtFile('sw.js');
    expect(worker).toContain(`createHandlerBoundToURL("/${SPA_SHELL_FILE}")`);
    expect(worker).toContain(`url:"${SPA_SHELL_FILE}"`);
    expect(worker).not.toMatch(/url:"(index|about|contact|leader-board)\.html"/);
  });
});

/**
 * The render-blocking stylesheet's cap, gzip: the rules the shell's and the prerendered pages' own markup use
 * (7.1 KB when measured; the app's whole stylesheet, which blocked the first paint before, is 20.8 KB).
 */
const RENDER_BLOCKING_CSS_GZIP_CAP = 9 * 1024;

describe('the render-blocking stylesheet', () => {
  test.each([SPA_SHELL_FILE, ...PRERENDERED_PAGES.map((page) => page.file)])(
    `%s blocks its first paint on at most ${RENDER_BLOCKING_CSS_GZIP_CAP / 1024} KB gzip of CSS, and fetches the rest beside it`,
    (file) => {
      const html = builtFile(file);
      const sheets = renderBlockingStylesheets(html);
      expect(sheets).toHaveLength(1);
      expect(sheets[0]).toMatch(/^assets\/first-screen-[\w-]+\.css$/);
      expect(gzipSync(builtFile(sheets[0]!)).length).toBeLessThanOrEqual(
        RENDER_BLOCKING_CSS_GZIP_CAP,
      );
      const whole = new RegExp(
        `<link rel="stylesheet" crossorigin href="/(assets/[\\w-]+\\.css)" media="print" ${APP_STYLES_ATTRIBUTE}>`,
      ).exec(html)?.[1];
      expect(whole, 'the whole stylesheet, not blocking the paint').toBeDefined();
      expect(html).toContain(`<link rel="preload" as="style" crossorigin href="/${whole}">`);
    },
  );
});
