/**
 * `npm run dev` killed hard: SIGKILL of the process that started the stack leaves no
 * emulator, firebase-tools or Vite behind (they are tethered to it), and a value written to
 * the RTDB emulator one second before the kill is there after a restart, as are the demo
 * members in the Auth emulator. Also: a fixed port
 * already taken stops the start with a message naming who holds it. Uses the dev ports, so
 * it needs them free.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../scripts/lib/demo-seed';
import { assertPortsFree } from '../../scripts/lib/ports-in-use';
import { devPorts, repoRoot } from '../../scripts/lib/stack';
import { descendants, waitForNothingLeft } from './process-tree';

const VITE_PORT = 5173;
const ports = { ...devPorts, vite: VITE_PORT };
const allPorts = Object.values(ports);
const dataDir = mkdtempSync(join(tmpdir(), 'challangex-dev-crash-'));
const valueUrl = `http://127.0.0.1:${devPorts.database}/crashTest.json?ns=demo-challangex-default-rtdb`;
const owner = { Authorization: 'Bearer owner' };
const started = new Set<ChildProcess>();

interface Dev {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startDev(): Dev {
  const env = { ...process.env };
  // The integration run's own Auth emulator must not leak into the dev stack.
  for (const name of Object.keys(env))
    if (/^FIREBASE_.*_EMULATOR_HOST$/.test(name)) delete env[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev.ts', '--data', dataDir], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, output: () => output, exited };
}

async function waitUntilServing(dev: Dev): Promise<void> {
  const deadline = Date.now() + 400_000;
  while (Date.now() < deadline) {
    if (dev.child.exitCode !== null) throw new Error(`npm run dev exited:\n${dev.output()}`);
    try {
      const [app, database] = await Promise.all([
        fetch(`http://127.0.0.1:${VITE_PORT}/`, { signal: AbortSignal.timeout(2_000) }),
        fetch(valueUrl, { headers: owner, signal: AbortSignal.timeout(2_000) }),
      ]);
      if (app.ok && database.ok && dev.output().includes('ChallangeX is starting at')) return;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`npm run dev did not come up:\n${dev.output()}`);
}

beforeAll(async () => {
  // Another dev stack (or anything else) on these ports would make this test meaningless.
  await assertPortsFree(ports);
});

/** Kills whatever a failed test left (so the next test finds the ports free). */
async function killLeftovers(): Promise<void> {
  const pids = [...started].flatMap((child) => [child.pid!, ...descendants(child.pid!)]);
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
  started.clear();
  await waitForNothingLeft(pids, allPorts, 30_000);
}

afterEach(killLeftovers);
afterAll(async () => {
  await killLeftovers();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run dev, crash-safe', () => {
  it('leaves nothing running after SIGKILL and keeps a value written one second before', async () => {
    const first = startDev();
    await waitUntilServing(first);
    const value = { writtenAt: Date.now(), note: 'one second before the crash' };
    const put = await fetch(valueUrl, {
      method: 'PUT',
      headers: owner,
      body: JSON.stringify(value),
    });
    expect(put.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const stack = descendants(first.child.pid!);
    expect(stack.length).toBeGreaterThanOrEqual(4); // emulators, firebase-tools, Vite (and more)
    first.child.kill('SIGKILL');
    await first.exited;
    expect(await waitForNothingLeft(stack, allPorts, 60_000)).toEqual({ pids: [], ports: [] });

    const second = startDev();
    await waitUntilServing(second);
    expect(second.output()).not.toContain('Seeding demo data');
    const read = await fetch(valueUrl, { headers: owner });
    expect(await read.json()).toEqual(value);
    // The demo members survived too: firebase-tools, stopped by its tether with SIGTERM, exported them.
    const signIn = await fetch(
      `http://127.0.0.1:${devPorts.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          email: 'asha@challangex.dev',
          password: DEMO_PASSWORD,
          returnSecureToken: true,
        }),
      },
    );
    expect(signIn.status, await signIn.clone().text()).toBe(200);

    // A clean stop (SIGTERM, as from a process manager) stops everything too.
    const secondStack = descendants(second.child.pid!);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(143);
    expect(await waitForNothingLeft(secondStack, allPorts, 30_000)).toEqual({
      pids: [],
      ports: [],
    });
  }, 900_000);

  it('refuses to start when a port is taken, naming the process that holds it', async () => {
    const holder = spawn(
      process.execPath,
      ['-e', `require('net').createServer().listen(${devPorts.storage}, '127.0.0.1')`],
      { stdio: 'ignore' },
    );
    started.add(holder);
    try {
      await expect
        .poll(() =>
          assertPortsFree({ storage: devPorts.storage })
            .then(() => 'free')
            .catch(() => 'taken'),
        )
        .toBe('taken');
      const dev = startDev();
      expect(await dev.exited).toBe(1);
      expect(dev.output()).toContain(
        `port ${devPorts.storage} (storage) is held by pid ${holder.pid}: ${process.execPath} -e`,
      );
      expect(dev.output()).toContain('checking ports failed');
      expect(descendants(dev.child.pid!)).toEqual([]);
    } finally {
      holder.kill('SIGKILL');
    }
  }, 120_000);
});
