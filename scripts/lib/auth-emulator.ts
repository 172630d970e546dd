import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForHttp } from './free-port';
import { nodeBin, startNodeProcess } from './processes';

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
  let output = '';
  const emulator = startNodeProcess(
    'auth',
    nodeBin('firebase'),
    [
      'emulators:start',
      '--only',
      'auth',
      '--project',
      projectId,
      '--config',
      join(dir, 'firebase.json'),
    ],
    { cwd: dir, log: (_source, line) => (output += `${line}\n`) },
  );
  const close = async () => {
    await emulator.stop('SIGTERM', 10_000);
    rmSync(dir, { recursive: true, force: true });
  };
  const host = `127.0.0.1:${authPort}`;
  try {
    await waitForHttp(`http://${host}/`, 90_000);
  } catch (error) {
    await close();
    throw new Error(`Auth emulator did not start: ${String(error)}\n${output}`);
  }
  return { host, close };
}
