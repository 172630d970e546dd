/**
 * The production build served the way members get it: `vite build` wired to
 * a throw-away local stack (emulators on free loopback ports, demo data
 * created through the real API), served by `vite preview`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForHttp } from '../lib/free-port';
import { nodeBin, startNodeProcess, type ManagedProcess } from '../lib/processes';
import { onShutdown, step } from '../lib/shutdown';
import { repoRoot, startStack, type StackPorts } from '../lib/stack';

export const BENCH_PROJECT_ID = 'demo-challangex-bench';

export interface ServedApp {
  baseUrl: string;
  distDir: string;
  databaseUrl: (path: string) => string;
  stop(): Promise<void>;
}

const bin = (name: string) => join(repoRoot, 'node_modules/.bin', name);

/**
 * Builds the SPA for the given emulator ports into a fresh temporary directory, served by every section that
 * needs it: the bench removes it at the end, or on Ctrl-C.
 */
export function buildApp(ports: StackPorts, log: (line: string) => void): AppBuild {
  const distDir = mkdtempSync(join(tmpdir(), 'challangex-bench-dist-'));
  onShutdown(async () => rmSync(distDir, { recursive: true, force: true }));
  const env = {
    VITE_FIREBASE_PROJECT_ID: BENCH_PROJECT_ID,
    VITE_USE_EMULATORS: 'true',
    VITE_AUTH_EMULATOR_PORT: String(ports.auth),
    VITE_DATABASE_EMULATOR_PORT: String(ports.database),
    VITE_STORAGE_EMULATOR_PORT: String(ports.storage),
    API_PROXY_TARGET: `http://127.0.0.1:${ports.functions}/${BENCH_PROJECT_ID}/us-central1/api`,
  };
  log('vite build');
  const build = spawnSync(
    bin('vite'),
    ['build', '--mode', 'emulators', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
      timeout: 300_000,
    },
  );
  if (build.status !== 0) throw new Error('vite build failed');
  return { ports, distDir, env };
}

export interface AppBuild {
  ports: StackPorts;
  distDir: string;
  env: Record<string, string>;
}

/** Starts a stack on the build's ports, seeds it and serves the build (left for the next section). */
export async function startServedApp(
  { ports, distDir, env }: AppBuild,
  log: (line: string) => void,
): Promise<ServedApp> {
  log('starting the local stack (emulators)');
  const previewPort = await freePort();
  const baseUrl = `http://127.0.0.1:${previewPort}`;
  // The API answers the served page's origin (the member-day's proofs call it from the browser).
  const stack = await step('starting the local stack', () =>
    startStack({ name: 'bench', projectId: BENCH_PROJECT_ID, ports, allowedOrigins: [baseUrl] }),
  );
  const children: ManagedProcess[] = [];
  const stop = async () => {
    await Promise.all(children.map((child) => child.stop()));
    await stack.stop();
  };
  try {
    log('seeding demo data through the API');
    const seed = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(repoRoot, 'scripts/seed.ts')],
      {
        cwd: repoRoot,
        env: { ...process.env, ...stack.env, FUNCTIONS_EMULATOR_PORT: String(ports.functions) },
        stdio: ['ignore', 'ignore', 'inherit'],
        timeout: 300_000,
      },
    );
    if (seed.status !== 0) throw new Error('Seeding the demo data failed; see above');

    const preview = startNodeProcess(
      'vite preview',
      nodeBin('vite'),
      ['preview', '--outDir', distDir, '--port', String(previewPort), '--strictPort'],
      { env },
    );
    children.push(preview);
    await step('serving the build (vite preview)', () => waitForHttp(baseUrl, 60_000));
    return {
      baseUrl,
      distDir,
      databaseUrl: (path) =>
        `http://127.0.0.1:${ports.database}/${path}.json?ns=${BENCH_PROJECT_ID}-default-rtdb`,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
