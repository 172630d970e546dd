import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { budgets, kib } from '../../scripts/bench/budgets';
import { allChunks, homeRouteInitialJs, missingBuildMessage } from '../../scripts/bench/initial-js';
import { locateLazyModules } from '../../scripts/bench/lazy-modules';
import { repoRoot } from '../../scripts/lib/stack';

// `npm test` builds into dist/ just before the integration tests.
const distDir = join(repoRoot, 'dist');

let measured: ReturnType<typeof measureBuild> | undefined;
async function measureBuild() {
  if (!existsSync(join(distDir, 'index.html'))) throw new Error(missingBuildMessage(distDir));
  const initial = await homeRouteInitialJs(distDir);
  return { initial, lazyModules: locateLazyModules(distDir, allChunks(distDir), initial.chunks) };
}
/** Both tests read the same build; each fails on its own if there is none. */
const build = () => (measured ??= measureBuild());

describe('home route bundle budget (docs/performance.md)', () => {
  it(`keeps the initial JS of / within ${kib(budgets.homeInitialJsGzipBytes)} gzip`, async () => {
    const { initial } = await build();
    const listing = initial.chunks
      .map((chunk) => `${chunk.file} ${kib(chunk.gzipBytes)}`)
      .join(', ');
    expect(initial.chunks.length, 'the entry script was found').toBeGreaterThan(0);
    expect(
      initial.gzipBytes,
      `initial JS ${kib(initial.gzipBytes)}: ${listing}`,
    ).toBeLessThanOrEqual(budgets.homeInitialJsGzipBytes);
  });

  it('loads storage, image compression, sweetalert2 and admin code lazily, never on the first page', async () => {
    const { lazyModules } = await build();
    for (const module of lazyModules) {
      expect(module.initialChunks, `${module.name} is in the initial JS`).toEqual([]);
      expect(
        module.lazyChunks.length,
        `${module.name} not found in any chunk of the build: stale marker?`,
      ).toBeGreaterThan(0);
    }
  });
});
