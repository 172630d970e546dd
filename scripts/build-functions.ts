/**
 * `npm run build:functions`: bundles functions/src/index.ts (with src/domain and its small libraries)
 * into functions/lib/index.js for the Functions emulator and deployment. The packages the functions
 * install themselves (functions/package.json dependencies) stay external.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'esbuild';

const functionsDir = resolve(import.meta.dirname, '../functions');
const { dependencies = {} } = JSON.parse(readFileSync(resolve(functionsDir, 'package.json'), 'utf8')) as {
  dependencies?: Record<string, string>;
};

const result = await build({
  entryPoints: [resolve(functionsDir, 'src/index.ts')],
  outfile: resolve(functionsDir, 'lib/index.js'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  external: Object.keys(dependencies).flatMap((name) => [name, `${name}/*`]),
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
});

const bytes = Object.values(result.metafile.outputs).find((output) => output.entryPoint)?.bytes ?? 0;
console.log(`Built functions/lib/index.js (${(bytes / 1024).toFixed(1)} KB)`);
