/**
 * What each audited page evaluates before its first paint, read from a production build: the JavaScript of its HTML
 * (the entry, its modulepreloads and their static imports), of its screens (the chunks the entry loads for the
 * address, src/app/screen-loaders.ts, with their static imports) and the CSS linked with them. Measured in bytes
 * (gzip) and chunks here, in modules by module-counts.ts: figures of the build, the same on every host, which the
 * CI guard (tests/build/first-load-budget.test.ts) holds to scripts/bench/budgets.ts's `firstLoad` caps.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { matchAppRoute, screenChunks, type Screen } from '../../src/app/route-table';
import { budgets, kib, type FirstLoadCaps } from './budgets';
import {
  htmlEntryScripts,
  htmlStylesheets,
  missingBuildMessage,
  sizesOf,
  staticClosure,
  type InitialJs,
} from './initial-js';

export type FirstLoadPageKey = keyof typeof budgets.firstLoad;

/** An address of each page the caps cover (the audited pages of demo-session.ts, and the public ones). */
export const firstLoadPaths: Readonly<Record<FirstLoadPageKey, string>> = {
  home: '/',
  feed: '/feed',
  challenge: '/challange/seven-day-reset/owner-uid/challenge-id',
  profile: '/profile/asha-rao/member-uid',
  // Its own route in the bench (a 50-member board), the challenge page's chunks here.
  'group-challenge': '/challange/together-strong-week/owner-uid/group-challenge-id',
  about: '/about',
  contact: '/contact',
  leaderboard: '/leader-board',
};

/**
 * The chunk of each screen the entry loads, by the name Vite gives it (its module's file name): the main screens'
 * from the route table (one chunk each, build-plugins/chunk-by-screen.ts), the others' from screen-loaders.ts.
 */
const otherScreenModules: Partial<Record<Screen, string>> = {
  about: 'about-screen',
  contact: 'contact-page',
  'leader-board': 'leaderboard-page',
};

export function screenChunkName(screen: Screen): string {
  const module = screenChunks[screen] ?? otherScreenModules[screen];
  if (!module)
    throw new Error(`No chunk known for the screen "${screen}" (scripts/bench/first-load.ts)`);
  return basename(module).replace(/\.tsx?$/, '');
}

/** The screens the entry loads for `path`: the layout page first where the route sits inside it. */
export function screensOf(path: string): Screen[] {
  const { route } = matchAppRoute(path);
  return route.inLayout ? ['layout', route.screen] : [route.screen];
}

/** `<name>-<hash>.js` of the build (Vite's default chunk names): exactly one, or an error naming what is wrong. */
function chunkNamed(distDir: string, name: string, extension = 'js'): string | undefined {
  const assets = join(distDir, 'assets');
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`^${escaped}-[\\w-]{8}\\.${extension}$`);
  const found = readdirSync(assets).filter((file) => pattern.test(file));
  if (found.length > 1)
    throw new Error(`Several chunks named ${name} in ${assets}: ${found.join(', ')}`);
  return found[0] && `assets/${found[0]}`;
}

/** A built file's chunk name: `assets/feed-screen-CTYH5j-l.js` → `feed-screen`. */
export const chunkNameOf = (file: string) => basename(file).replace(/-[\w-]{8}\.\w+$/, '');

/**
 * The HTML a path is served: its own prerendered page where the build has one (`about/index.html` or
 * `about.html`), else the SPA shell (Hosting's rewrite).
 */
function htmlFor(distDir: string, path: string): string {
  const own = path.replace(/^\/+|\/+$/g, '');
  const candidates = own ? [join(own, 'index.html'), `${own}.html`] : [];
  // Hosting serves every other address the SPA shell: app.html where the build prerendered the home into
  // index.html (docs/architecture.md, "Prerendered public pages").
  const shell = own && existsSync(join(distDir, 'app.html')) ? 'app.html' : 'index.html';
  const file = candidates.find((candidate) => existsSync(join(distDir, candidate)));
  const indexHtml = join(distDir, file ?? shell);
  if (!existsSync(indexHtml)) throw new Error(missingBuildMessage(distDir));
  return readFileSync(indexHtml, 'utf8');
}

export interface FirstLoad {
  page: FirstLoadPageKey;
  path: string;
  screens: Screen[];
  js: InitialJs;
  css: InitialJs;
}

export async function measureFirstLoad(
  distDir: string,
  page: FirstLoadPageKey,
): Promise<FirstLoad> {
  const path = firstLoadPaths[page];
  const html = htmlFor(distDir, path);
  const screens = screensOf(path);
  const screenFiles = screens.map((screen) => {
    const file = chunkNamed(distDir, screenChunkName(screen));
    if (!file)
      throw new Error(
        `The build in ${distDir} has no chunk for the screen "${screen}" (${screenChunkName(screen)}-<hash>.js)`,
      );
    return file;
  });
  const jsFiles = await staticClosure(distDir, [...htmlEntryScripts(html), ...screenFiles]);
  // Linked by the HTML, or (with CSS split by chunk) loaded by Vite's preload helper with a chunk.
  const cssFiles = new Set(htmlStylesheets(html));
  for (const file of jsFiles) {
    const css = chunkNamed(distDir, chunkNameOf(file), 'css');
    if (css) cssFiles.add(css);
  }
  return {
    page,
    path,
    screens,
    js: sizesOf(distDir, jsFiles),
    css: sizesOf(distDir, [...cssFiles]),
  };
}

export interface FirstLoadFigures {
  jsGzipBytes: number;
  cssGzipBytes: number;
  /** Modules bundled into the page's JS chunks (module-counts.ts). */
  modules: number;
}

/** The caps a page's figures exceed, each saying what grew (empty: within every cap). */
export function overCaps(
  load: FirstLoad,
  modulesByChunk: ReadonlyMap<string, number>,
  caps: FirstLoadCaps,
): string[] {
  const modulesOf = (file: string) => modulesByChunk.get(file) ?? NaN;
  const modules = load.js.chunks.reduce((sum, chunk) => sum + modulesOf(chunk.file), 0);
  const listing = load.js.chunks
    .map((chunk) => `${chunk.file} ${kib(chunk.gzipBytes)}, ${modulesOf(chunk.file)} modules`)
    .join('; ');
  const where = `${load.page} (${load.path}, screens ${load.screens.join(' + ')})`;
  const problems: string[] = [];
  if (load.js.gzipBytes > caps.jsGzipBytes)
    problems.push(
      `${where}: first-load JS ${kib(load.js.gzipBytes)} gzip, over its cap of ${kib(caps.jsGzipBytes)}. Its chunks: ${listing}`,
    );
  if (load.css.gzipBytes > caps.cssGzipBytes)
    problems.push(
      `${where}: first-load CSS ${kib(load.css.gzipBytes)} gzip, over its cap of ${kib(caps.cssGzipBytes)}: ${load.css.chunks.map((file) => `${file.file} ${kib(file.gzipBytes)}`).join('; ')}`,
    );
  if (!(modules <= caps.modules))
    problems.push(
      `${where}: ${modules} modules in the first-load JS, over its cap of ${caps.modules}. Its chunks: ${listing}`,
    );
  return problems;
}
