/**
 * #46's guard that does not depend on the host: what each page evaluates before its first paint, read from the
 * production build `npm test` makes in dist/ (scripts/bench/first-load.ts): its JavaScript and CSS (gzip) and the
 * modules bundled into that JavaScript, each held to its cap in scripts/bench/budgets.ts (`firstLoad`). Adding
 * work to a page's first load fails here, naming the page, the figure and the chunks it is made of.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { budgets, kib } from '../../scripts/bench/budgets';
import {
  firstLoadPaths,
  measureFirstLoad,
  overCaps,
  type FirstLoad,
  type FirstLoadPageKey,
} from '../../scripts/bench/first-load';
import { missingBuildMessage } from '../../scripts/bench/initial-js';
import { moduleCountsByChunk } from '../../scripts/bench/module-counts';
import { SAMPLE_PRODUCTION_ENV } from '../../scripts/lib/sample-firebase-config';
import { repoRoot } from '../../scripts/lib/stack';

// `npm test` builds into dist/ (sample Firebase config) just before the integration tests.
const distDir = join(repoRoot, 'dist');
const pages = Object.keys(firstLoadPaths) as FirstLoadPageKey[];

const loads = new Map<FirstLoadPageKey, FirstLoad>();
let modulesByChunk = new Map<string, number>();

beforeAll(async () => {
  if (!existsSync(join(distDir, 'index.html'))) throw new Error(missingBuildMessage(distDir));
  for (const page of pages) loads.set(page, await measureFirstLoad(distDir, page));
  // The same build again, in memory, for its chunks' module lists (~15–50 s on a 2-core host).
  modulesByChunk = await moduleCountsByChunk(repoRoot, SAMPLE_PRODUCTION_ENV);
  const today = pages.map((page) => {
    const load = loads.get(page)!;
    const modules = load.js.chunks.reduce(
      (sum, chunk) => sum + (modulesByChunk.get(chunk.file) ?? 0),
      0,
    );
    return `${page}: JS ${load.js.gzipBytes} B (${kib(load.js.gzipBytes)}), CSS ${load.css.gzipBytes} B, ${modules} modules, ${load.js.chunks.length} chunks`;
  });
  console.info(`First load of each page, this build:\n${today.join('\n')}`);
}, 300_000);

describe("each page's first load (scripts/bench/budgets.ts, firstLoad)", () => {
  it('reads the modules of the very build in dist/ (same chunks, file names included)', () => {
    const files = [...loads.values()].flatMap((load) => load.js.chunks.map((chunk) => chunk.file));
    expect(
      files.filter((file) => !modulesByChunk.has(file)),
      'chunks of dist/ this tree does not build: rebuild dist/ (npm test does, with the sample config)',
    ).toEqual([]);
  });

  it.each(pages)('%s stays within its caps', (page) => {
    const load = loads.get(page)!;
    expect(load.js.chunks.length, 'the page has JavaScript').toBeGreaterThan(1);
    expect(load.css.chunks.length, 'the page has its stylesheet').toBeGreaterThan(0);
    expect(overCaps(load, modulesByChunk, budgets.firstLoad[page])).toEqual([]);
  });
});
