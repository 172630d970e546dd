import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { budgets, kib } from '../../scripts/bench/budgets';
import { allChunks, homeRouteInitialJs, missingBuildMessage, type ChunkSize, type InitialJs } from '../../scripts/bench/initial-js';
import { locateLazyModules, type LazyModuleReport } from '../../scripts/bench/lazy-modules';
import { repoRoot } from '../../scripts/lib/stack';

// `npm test` builds into dist/ just before the integration tests.
const distDir = join(repoRoot, 'dist');

describe('home route bundle budget (DESIGN §8)', () => {
  let initial: InitialJs;
  let chunks: ChunkSize[];
  let lazyModules: LazyModuleReport[];

  beforeAll(async () => {
    if (!existsSync(join(distDir, 'index.html'))) throw new Error(missingBuildMessage(distDir));
    initial = await homeRouteInitialJs(distDir);
    chunks = allChunks(distDir);
    lazyModules = locateLazyModules(distDir, chunks, initial.chunks);
  });

  it(`keeps the initial JS of / within ${kib(budgets.homeInitialJsGzipBytes)} gzip`, () => {
    const listing = initial.chunks.map((chunk) => `${chunk.file} ${kib(chunk.gzipBytes)}`).join(', ');
    expect(initial.chunks.length, 'the entry script was found').toBeGreaterThan(0);
    expect(initial.gzipBytes, `initial JS ${kib(initial.gzipBytes)}: ${listing}`).toBeLessThanOrEqual(
      budgets.homeInitialJsGzipBytes,
    );
  });

  it('loads storage, image compression, sweetalert2 and admin code lazily, never on the first page', () => {
    for (const module of lazyModules) {
      expect(module.initialChunks, `${module.name} is in the initial JS`).toEqual([]);
      expect(module.lazyChunks.length, `${module.name} not found in any chunk of the build: stale marker?`).toBeGreaterThan(0);
    }
  });
});
