import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, waitForHttp } from '../../scripts/lib/free-port';
import { repoRoot, startStack, type StackPorts } from '../../scripts/lib/stack';
import { e2eBaseUrl, e2eProjectId, publishE2eStack } from './e2e-stack';

/**
 * Builds the app against this run's ports, starts a throw-away stack and
 * serves the build with `vite preview`; returns the teardown Playwright runs at the end.
 */
export default async function globalSetup() {
  const ports: StackPorts = {
    auth: await freePort(),
    functions: await freePort(),
    database: await freePort(),
    storage: await freePort(),
    hub: await freePort(),
    logging: await freePort(),
  };
  const previewPort = await freePort();
  publishE2eStack({ ports, previewPort });
  const baseUrl = e2eBaseUrl();
  const outDir = join('test-results', `dist-e2e-${process.pid}`);

  const viteEnv = {
    ...process.env,
    VITE_FIREBASE_PROJECT_ID: e2eProjectId,
    VITE_AUTH_EMULATOR_PORT: String(ports.auth),
    VITE_DATABASE_EMULATOR_PORT: String(ports.database),
    VITE_STORAGE_EMULATOR_PORT: String(ports.storage),
    API_PROXY_TARGET: `http://127.0.0.1:${ports.functions}/${e2eProjectId}/us-central1/api`,
  };
  const vite = join(repoRoot, 'node_modules/.bin/vite');
  const build = spawnSync(
    vite,
    ['build', '--mode', 'emulators', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: repoRoot,
      env: viteEnv,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) throw new Error('vite build for e2e failed');

  const verbose = process.env.VERBOSE === '1';
  const stack = await startStack({
    name: `e2e-${process.pid}`,
    projectId: e2eProjectId,
    ports,
    allowedOrigins: [baseUrl],
    log: (source, line) => (verbose || /error/i.test(line)) && console.log(`[${source}] ${line}`),
  });
  Object.assign(process.env, stack.env);

  const preview: ChildProcess = spawn(
    vite,
    ['preview', '--outDir', outDir, '--port', String(previewPort), '--strictPort'],
    { cwd: repoRoot, env: viteEnv, stdio: verbose ? 'inherit' : 'ignore', detached: true },
  );
  try {
    await waitForHttp(baseUrl, 60_000);
  } catch (error) {
    await stack.stop();
    throw error;
  }

  return async () => {
    try {
      process.kill(-preview.pid!, 'SIGTERM');
    } catch {
      /* already gone */
    }
    await stack.stop();
    rmSync(join(repoRoot, outDir), { recursive: true, force: true });
  };
}
