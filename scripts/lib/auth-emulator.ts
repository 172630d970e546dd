import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, waitForHttp } from './free-port';

export interface RunningAuthEmulator {
  host: string;
  close(): Promise<void>;
}

/**
 * Starts firebase-tools' Auth emulator alone on free ports (its own hub and
 * logging ports too), so a test run never collides with `npm run dev`.
 */
export async function startAuthEmulator(projectId: string): Promise<RunningAuthEmulator> {
  const [authPort, hubPort, loggingPort] = [await freePort(), await freePort(), await freePort()];
  const dir = mkdtempSync(join(tmpdir(), 'challangex-auth-'));
  writeFileSync(
    join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: authPort },
        hub: { host: '127.0.0.1', port: hubPort },
        logging: { host: '127.0.0.1', port: loggingPort },
        ui: { enabled: false },
      },
    }),
  );
  const firebaseBin = resolve(import.meta.dirname, '../../node_modules/.bin/firebase');
  const child: ChildProcess = spawn(
    firebaseBin,
    [
      'emulators:start',
      '--only',
      'auth',
      '--project',
      projectId,
      '--config',
      join(dir, 'firebase.json'),
    ],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const host = `127.0.0.1:${authPort}`;
  try {
    await waitForHttp(`http://${host}/`, 90_000);
  } catch (error) {
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
    throw new Error(`Auth emulator did not start: ${String(error)}\n${output}`);
  }
  return {
    host,
    close: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        process.kill(-child.pid!, 'SIGTERM');
        setTimeout(
          () => child.exitCode === null && process.kill(-child.pid!, 'SIGKILL'),
          10_000,
        ).unref();
      }),
  };
}
