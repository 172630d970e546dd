import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { waitForHttp } from '../../scripts/lib/free-port';
import { repoRoot, startStack } from '../../scripts/lib/stack';
import { e2eBaseUrl, e2ePorts, e2ePreviewPort, e2eProjectId } from './e2e-stack';

/**
 * Builds the app against the e2e ports, starts a throw-away stack and serves
 * the build with `vite preview`; returns the teardown Playwright runs at the end.
 */
export default async function globalSetup() {
  const viteEnv = {
    ...process.env,
    VITE_FIREBASE_PROJECT_ID: e2eProjectId,
    VITE_AUTH_EMULATOR_PORT: String(e2ePorts.auth),
    VITE_DATABASE_EMULATOR_PORT: String(e2ePorts.database),
    VITE_STORAGE_EMULATOR_PORT: String(e2ePorts.storage),
    API_PROXY_TARGET: `http://127.0.0.1:${e2ePorts.functions}/${e2eProjectId}/us-central1/api`,
  };
  const vite = join(repoRoot, 'node_modules/.bin/vite');
  const build = spawnSync(vite, ['build', '--outDir', 'dist-e2e', '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: repoRoot,
    env: viteEnv,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('vite build for e2e failed');

  const verbose = process.env.VERBOSE === '1';
  const stack = await startStack({
    name: 'e2e',
    projectId: e2eProjectId,
    ports: e2ePorts,
    allowedOrigins: [e2eBaseUrl],
    log: (source, line) => (verbose || /error/i.test(line)) && console.log(`[${source}] ${line}`),
  });
  Object.assign(process.env, stack.env);

  const preview: ChildProcess = spawn(
    vite,
    ['preview', '--outDir', 'dist-e2e', '--port', String(e2ePreviewPort), '--strictPort'],
    { cwd: repoRoot, env: viteEnv, stdio: verbose ? 'inherit' : 'ignore', detached: true },
  );
  try {
    await waitForHttp(e2eBaseUrl, 60_000);
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
  };
}
