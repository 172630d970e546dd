import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, waitForHttp } from '../../scripts/lib/free-port';
import { nodeBin, startNodeProcess } from '../../scripts/lib/processes';
import { step } from '../../scripts/lib/shutdown';
import { freeStackPorts, repoRoot, startStack } from '../../scripts/lib/stack';
import { e2eBaseUrl, e2eProjectId, publishE2eStack } from './e2e-stack';
import { startE2ePushService } from './push-service';

/**
 * Builds the app against this run's ports, starts a throw-away stack and
 * serves the build with `vite preview` and Firebase Hosting's headers; returns the teardown Playwright runs at the end.
 * A failed step stops what the earlier ones started and says which step failed; every
 * process started here is tethered to the Playwright runner (dies with it, however it ends).
 */
/** Stops the run if the build is not served with the CSP the app is tested under. */
async function expectHostingHeaders(baseUrl: string): Promise<void> {
  const response = await fetch(baseUrl);
  if (!response.headers.get('content-security-policy')) {
    throw new Error(
      `${baseUrl} sends no Content-Security-Policy: vite preview must run in the emulators mode ` +
        "(vite.config.ts then serves firebase.json's hosting headers)",
    );
  }
}

export default async function globalSetup() {
  const ports = await freeStackPorts();
  const previewPort = await freePort();
  const pushPort = await freePort();
  publishE2eStack({ ports, previewPort });
  const baseUrl = e2eBaseUrl();
  const outDir = join('test-results', `dist-e2e-${process.pid}`);

  const viteEnv = {
    ...process.env,
    VITE_FIREBASE_PROJECT_ID: e2eProjectId,
    VITE_AUTH_EMULATOR_PORT: String(ports.auth),
    VITE_DATABASE_EMULATOR_PORT: String(ports.database),
    VITE_STORAGE_EMULATOR_PORT: String(ports.storage),
    // The emulator build takes its push subscriptions from this run's local push service.
    VITE_PUSH_SERVICE_PORT: String(pushPort),
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
  if (build.status !== 0) throw new Error('e2e set-up: vite build failed; see above');

  const verbose = process.env.VERBOSE === '1';
  const stack = await step('e2e set-up: starting the emulators', () =>
    startStack({
      name: `e2e-${process.pid}`,
      projectId: e2eProjectId,
      ports,
      allowedOrigins: [baseUrl],
      log: (source, line) => (verbose || /error/i.test(line)) && console.log(`[${source}] ${line}`),
    }),
  );
  Object.assign(process.env, stack.env);
  const push = await step('e2e set-up: starting the local push service', () =>
    startE2ePushService(pushPort, verbose),
  );

  const preview = startNodeProcess(
    'vite preview',
    nodeBin('vite'),
    // The emulators mode serves firebase.json's hosting headers (vite.config.ts).
    [
      'preview',
      '--mode',
      'emulators',
      '--outDir',
      outDir,
      '--port',
      String(previewPort),
      '--strictPort',
    ],
    { env: viteEnv, inherit: verbose },
  );
  const teardown = async () => {
    await preview.stop();
    await push.close();
    await stack.stop();
    rmSync(join(repoRoot, outDir), { recursive: true, force: true });
  };
  try {
    await step('e2e set-up: serving the build (vite preview)', () => waitForHttp(baseUrl, 60_000));
    await step('e2e set-up: checking the served headers', () => expectHostingHeaders(baseUrl));
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
