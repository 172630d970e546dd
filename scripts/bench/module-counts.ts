/**
 * How many modules each chunk of the production build bundles: a minified chunk keeps no trace of its modules, so
 * the build is run again in memory (the project's vite.config.ts, nothing written but the service worker, into a
 * throw-away directory) and Rolldown's own list of each chunk's modules read. With the same config and
 * environment the chunks are byte for byte those in dist/, file names included: a name missing here means dist/
 * came from another build.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';

/** Build-relative chunk path (`assets/feed-screen-CTYH5j-l.js`) → how many modules it bundles. */
export async function moduleCountsByChunk(
  root: string,
  env: Readonly<Record<string, string>>,
): Promise<Map<string, number>> {
  const outDir = mkdtempSync(join(tmpdir(), 'challangex-module-counts-'));
  // Vite keeps a NODE_ENV it finds (Vitest's "test"): React's development build would come out, other chunks.
  const overrides = { ...env, NODE_ENV: 'production' };
  const saved = Object.fromEntries(Object.keys(overrides).map((name) => [name, process.env[name]]));
  Object.assign(process.env, overrides);
  try {
    const result = await build({
      root,
      mode: 'production',
      logLevel: 'silent',
      build: { write: false, outDir, emptyOutDir: true },
    });
    const outputs = Array.isArray(result) ? result : [result];
    const counts = new Map<string, number>();
    for (const output of outputs) {
      if (!('output' in output)) throw new Error('vite build returned a watcher, not its output');
      for (const item of output.output)
        if (item.type === 'chunk') counts.set(item.fileName, item.moduleIds.length);
    }
    return counts;
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    rmSync(outDir, { recursive: true, force: true });
  }
}
