/**
 * `npm run bench -- --only bundle`: the home route's initial JS, each page's first load (first-load.ts; the CI
 * guard holds the same figures and their module counts), the modules that must stay lazy, and every chunk.
 */
import { budgets, kib } from './budgets';
import { firstLoadPaths, measureFirstLoad, type FirstLoadPageKey } from './first-load';
import { allChunks, homeRouteInitialJs } from './initial-js';
import { locateLazyModules } from './lazy-modules';
import { check, type Row } from './report';

export async function bundleRows(distDir: string): Promise<Row[]> {
  const initial = await homeRouteInitialJs(distDir);
  const chunks = allChunks(distDir);
  const lazy = locateLazyModules(distDir, chunks, initial.chunks);
  const initialFiles = new Set(initial.chunks.map((chunk) => chunk.file));
  return [
    {
      area: 'bundle',
      measure: `home route initial JS (${initial.chunks.length} chunks: entry + modulepreloads + static imports), gzip`,
      result: kib(initial.gzipBytes),
      budget: `≤ ${kib(budgets.homeInitialJsGzipBytes)}`,
      status: check(initial.gzipBytes <= budgets.homeInitialJsGzipBytes),
    },
    ...(await Promise.all(
      (Object.keys(firstLoadPaths) as FirstLoadPageKey[]).map(async (page): Promise<Row> => {
        const load = await measureFirstLoad(distDir, page);
        const caps = budgets.firstLoad[page];
        return {
          area: 'bundle',
          measure: `${page} ${load.path}: JS and CSS before first paint (${load.js.chunks.length} chunks: entry, modulepreloads, screens ${load.screens.join(' + ')}), gzip; modules counted by the CI guard`,
          result: `JS ${kib(load.js.gzipBytes)}, CSS ${kib(load.css.gzipBytes)}`,
          budget: `≤ ${kib(caps.jsGzipBytes)}, ≤ ${kib(caps.cssGzipBytes)}`,
          status: check(
            load.js.gzipBytes <= caps.jsGzipBytes && load.css.gzipBytes <= caps.cssGzipBytes,
          ),
        };
      }),
    )),
    ...lazy.map((module): Row => ({
      area: 'bundle',
      measure: `${module.name} lazy-loaded`,
      result:
        module.initialChunks.length > 0
          ? `in initial ${module.initialChunks.join(', ')}`
          : module.lazyChunks.length > 0
            ? `lazy: ${module.lazyChunks.join(', ')}`
            : 'not found in the build',
      budget: 'not in initial JS',
      status: check(module.initialChunks.length === 0 && module.lazyChunks.length > 0),
    })),
    ...chunks.map((chunk): Row => ({
      area: 'bundle chunk',
      measure: `${chunk.file}${initialFiles.has(chunk.file) ? ' (initial)' : ''}`,
      result: `${kib(chunk.gzipBytes)} gzip (${kib(chunk.bytes)} raw)`,
      budget: '—',
      status: 'info',
    })),
  ];
}
