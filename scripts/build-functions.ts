/**
 * `npm run build:functions`: bundles functions/src/index.ts (with src/domain and its small libraries)
 * into functions/lib/index.js for the Functions emulator and deployment. The packages the functions
 * install themselves (functions/package.json dependencies) stay external.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { build } from 'esbuild';
import { declaredFunctionsRuntime, runtimeNodeMajor } from './lib/functions-runtime';

const functionsDir = resolve(import.meta.dirname, '../functions');
const { dependencies = {} } = JSON.parse(
  readFileSync(resolve(functionsDir, 'package.json'), 'utf8'),
) as {
  dependencies?: Record<string, string>;
};

const result = await build({
  entryPoints: [resolve(functionsDir, 'src/index.ts')],
  outfile: resolve(functionsDir, 'lib/index.js'),
  bundle: true,
  platform: 'node',
  // The deployed runtime's Node (firebase.json), so the bundle uses nothing it lacks.
  target: `node${runtimeNodeMajor(declaredFunctionsRuntime())}`,
  format: 'cjs',
  external: Object.keys(dependencies).flatMap((name) => [name, `${name}/*`]),
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  write: false,
});

// Every running Functions emulator watches functions/lib and reloads on any write, dropping requests in
// flight; several stacks (dev, e2e) share the folder, so identical output is not rewritten.
let written = 0;
for (const file of result.outputFiles) {
  if (existsSync(file.path) && readFileSync(file.path).equals(file.contents)) continue;
  mkdirSync(dirname(file.path), { recursive: true });
  writeFileSync(file.path, file.contents);
  written++;
}
const bundle = result.outputFiles.find((file) => file.path.endsWith('.js'))!;
console.log(
  `functions/lib/index.js (${(bundle.contents.byteLength / 1024).toFixed(1)} KB): ${written ? 'written' : 'unchanged'}`,
);
