/** Runs the emulator CLI as a child process (for tests of the CLI, persistence and memory). */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { EmulatorUnderTest } from './helpers';

const CLI = fileURLToPath(new URL('../../../storage/cli.ts', import.meta.url));

export interface Child {
  proc: ChildProcessWithoutNullStreams;
  emu: EmulatorUnderTest;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/** Runs the CLI expecting it to exit by itself (e.g. on a bad rules file). */
export async function runCliToExit(
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', CLI, '--port', '0', ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  proc.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => proc.on('exit', (c) => resolve(c)));
  return { code, stdout, stderr };
}

export async function spawnCli(args: string[]): Promise<Child> {
  const proc = spawn(process.execPath, ['--import', 'tsx', CLI, '--port', '0', ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const started = Date.now();
  while (!/\n/.test(out)) {
    if (proc.exitCode !== null) throw new Error(`CLI exited early: ${err}`);
    if (Date.now() - started > 30_000) throw new Error(`CLI did not start: ${err}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const m = /^Storage emulator ready on http:\/\/(127\.0\.0\.1):(\d+)\n$/.exec(out);
  if (!m) throw new Error(`unexpected CLI output ${JSON.stringify(out)}`);
  const host = m[1];
  const port = Number(m[2]);
  const emu: EmulatorUnderTest = {
    host,
    port,
    hostPort: `${host}:${port}`,
    url: `http://${host}:${port}`,
    external: false,
    close: async () => {
      proc.kill('SIGTERM');
      await exited;
    },
  };
  return { proc, emu, stdout: () => out, stderr: () => err, exited };
}
