/**
 * The local RTDB and Storage emulators keep `--data` through a crash: a value written a second
 * before `kill -9` (the RTDB snapshots within about a second of each write; Storage before it
 * answers an upload) is there after a restart.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { packageRoot } from '../package-root';

const dataDir = mkdtempSync(join(tmpdir(), 'emulator-crash-'));
const running = new Set<ChildProcess>();
afterEach(() => {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts an emulator CLI on a free port and returns its base URL once it says it is ready. */
async function startCli(cli: string, data: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(packageRoot, cli), '--port', '0', '--data', data],
    { cwd: packageRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 30_000;
  for (;;) {
    const ready = /ready on (http:\/\/[\d.]+:\d+)/.exec(output);
    if (ready) return { url: ready[1], child };
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`${cli} did not start:\n${output}`);
    await sleep(50);
  }
}

async function killHard(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  running.delete(child);
}

const owner = { Authorization: 'Bearer owner' };

describe('a crashed emulator keeps what was written before the crash', () => {
  it('RTDB: a value written one second before SIGKILL is read back after a restart', async () => {
    const data = join(dataDir, 'database');
    const value = { note: 'written before the crash', at: Date.now() };
    const path = '/crash/value.json?ns=demo-crash-default-rtdb';

    let emulator = await startCli('database/cli.ts', data);
    const put = await fetch(`${emulator.url}${path}`, {
      method: 'PUT',
      headers: owner,
      body: JSON.stringify(value),
    });
    expect(put.status).toBe(200);
    await sleep(1_000);
    await killHard(emulator.child);
    expect(readdirSync(data)).toEqual(['demo-crash-default-rtdb.json']);

    emulator = await startCli('database/cli.ts', data);
    const read = await fetch(`${emulator.url}${path}`, { headers: owner });
    expect(await read.json()).toEqual(value);
  });

  it('Storage: an object uploaded just before SIGKILL is downloaded after a restart', async () => {
    const data = join(dataDir, 'storage');
    const object = `${'/v0/b/demo-crash.appspot.com/o'}`;
    const bytes = 'meal photo bytes '.repeat(1_000);

    let emulator = await startCli('storage/cli.ts', data);
    const upload = await fetch(`${emulator.url}${object}?name=proof%2Fday1.txt`, {
      method: 'POST',
      headers: { ...owner, 'Content-Type': 'text/plain' },
      body: bytes,
    });
    expect(upload.status).toBe(200);
    await killHard(emulator.child);

    emulator = await startCli('storage/cli.ts', data);
    const download = await fetch(`${emulator.url}${object}/proof%2Fday1.txt?alt=media`, {
      headers: owner,
    });
    expect(download.status).toBe(200);
    expect(await download.text()).toBe(bytes);
  });
});
