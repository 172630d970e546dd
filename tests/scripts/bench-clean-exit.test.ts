/**
 * `npm run bench` leaves nothing running when it fails or is interrupted: with a Chromium
 * that cannot start, the Lighthouse section fails (naming the browser) after the emulators,
 * the Functions runtime and `vite preview` were started, and all of them are gone when the
 * bench exits; Ctrl-C (SIGINT) during the start of the stack does the same.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/lib/stack';
import { commandOf, descendants, isAlive, waitForNothingLeft } from './process-tree';

const dir = mkdtempSync(join(tmpdir(), 'bench-clean-exit-'));
const leftovers = new Set<number>();
afterAll(() => {
  for (const pid of leftovers) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
  rmSync(dir, { recursive: true, force: true });
});

/** A browser that answers `--version` (so it is accepted) but dies when started for real. */
const brokenChromium = join(dir, 'chromium');
writeFileSync(
  brokenChromium,
  '#!/bin/sh\n[ "$1" = --version ] && { echo "Chromium 999.0"; exit 0; }\necho "cannot open display" >&2\nexit 1\n',
);
chmodSync(brokenChromium, 0o755);

interface BenchRun {
  code: number | null;
  output: string;
  /** Every process seen under the bench while it ran: pid → command line. */
  seen: Map<number, string>;
}

/** Runs the Lighthouse section of the bench; `interrupt` may signal it once it returns true. */
async function runBench(interrupt?: (seen: Map<number, string>) => boolean): Promise<BenchRun> {
  const env: NodeJS.ProcessEnv = { ...process.env, CHROMIUM_PATH: brokenChromium };
  for (const name of Object.keys(env))
    if (/^FIREBASE_.*_EMULATOR_HOST$/.test(name)) delete env[name];
  const bench = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench.ts', '--only', 'lighthouse', '--lighthouse-runs', '1'],
    { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  bench.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  bench.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => bench.once('exit', resolve));
  const seen = new Map<number, string>();
  let interrupted = false;
  const watch = setInterval(() => {
    for (const pid of descendants(bench.pid!)) {
      if (!seen.has(pid)) seen.set(pid, commandOf(pid));
      leftovers.add(pid);
    }
    if (interrupt && !interrupted && interrupt(seen)) {
      interrupted = true;
      bench.kill('SIGINT');
    }
  }, 200);
  const code = await exited;
  clearInterval(watch);
  return { code, output, seen };
}

const commands = (run: BenchRun) => [...run.seen.values()].join('\n');

describe('npm run bench exits clean', () => {
  it('stops the stack and vite preview when the browser cannot start', async () => {
    const run = await runBench();
    expect(run.output).toContain(
      `lighthouse failed: Chromium (${brokenChromium}) exited while starting`,
    );
    expect(run.code).toBe(1);
    // It did start the stack, so the check below can fail.
    expect(commands(run)).toContain('emulators/database/cli.ts');
    expect(commands(run)).toContain('firebase-tools');
    expect(commands(run)).toContain('vite.js preview');
    const left = await waitForNothingLeft([...run.seen.keys()], [], 5_000);
    expect(left.pids).toEqual([]);
  }, 900_000);

  it('stops everything on Ctrl-C while the stack is starting, naming the step', async () => {
    const run = await runBench((seen) =>
      [...seen.entries()].some(
        ([pid, command]) => command.includes('firebase-tools') && isAlive(pid),
      ),
    );
    expect(run.code).toBe(130);
    expect(run.output).toMatch(/npm run bench: SIGINT received during "[^"]+"/);
    expect(commands(run)).toContain('emulators/database/cli.ts');
    const left = await waitForNothingLeft([...run.seen.keys()], [], 5_000);
    expect(left.pids).toEqual([]);
  }, 900_000);
});
