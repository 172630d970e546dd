/**
 * The long-running processes our scripts start (emulators, firebase-tools, Vite): each in its
 * own process group, tethered to this process (scripts/lib/tether.js), so it dies with us even
 * when we are killed hard, and stopped as a group (with whatever it started) when we stop it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { onShutdown, shuttingDown } from './shutdown';
import { repoRoot } from './repo-root';

const TETHER = pathToFileURL(join(import.meta.dirname, 'tether.js')).href;

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  /** Resolves with the exit code (null after a signal) once the process has exited. */
  exited: Promise<number | null>;
  /** Signals the whole process group, escalating to SIGKILL after `graceMs`; resolves on exit. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
}

export interface StartOptions {
  /** Extra Node options before the script, e.g. `['--import', 'tsx']`. */
  nodeArgs?: string[];
  /** The Node binary for startNodeProcess (default: this process's own). */
  node?: string;
  env?: Record<string, string | undefined>;
  /** Output lines, by source name; without it the output is ignored unless `inherit` is set. */
  log?: (source: string, line: string) => void;
  inherit?: boolean;
  /** Working directory (default: the repository root). */
  cwd?: string;
  /** The signal `stop()` sends by default (SIGINT for programs that clean up on Ctrl-C). */
  stopSignal?: NodeJS.Signals;
}

/** A package's executable in node_modules/.bin, as the Node script it links to. */
export const nodeBin = (name: string) => realpathSync(join(repoRoot, 'node_modules/.bin', name));

const output = ({ inherit, log }: StartOptions) =>
  inherit
    ? (['inherit', 'inherit'] as const)
    : log
      ? (['pipe', 'pipe'] as const)
      : (['ignore', 'ignore'] as const);

/** Starts `node <script> <args>` tethered to this process, in its own process group. */
export function startNodeProcess(
  name: string,
  script: string,
  args: string[],
  options: StartOptions = {},
): ManagedProcess {
  return startProcess(
    name,
    options.node ?? process.execPath,
    ['--import', TETHER, ...(options.nodeArgs ?? []), script, ...args],
    { ...options, env: { ...options.env, CHALLANGEX_TETHER_PARENT: String(process.pid) } },
  );
}

/**
 * Starts any command in its own process group (so stopping it stops what it started), stopped
 * by this script's shutdown if still running. Not tethered: use startNodeProcess for Node programs.
 */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: Omit<StartOptions, 'nodeArgs' | 'node'> = {},
): ManagedProcess {
  if (shuttingDown()) throw new Error(`not starting ${name}: stopping`);
  const child = spawn(command, args, {
    cwd: options.cwd ?? repoRoot,
    env: { ...process.env, ...options.env },
    // Output nobody reads must not be piped: a full pipe would block the process.
    stdio: ['ignore', ...output(options)],
    detached: true,
  });
  const { log } = options;
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) log?.(name, line);
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    // A failed spawn emits 'error' and no 'exit'.
    child.once('error', (error) => {
      log?.(name, `could not start ${command}: ${error.message}`);
      resolve(null);
    });
  });
  const managed: ManagedProcess = {
    name,
    child,
    exited,
    stop: (signal = options.stopSignal ?? 'SIGTERM', graceMs = 10_000) =>
      stopGroup(managed, signal, graceMs),
  };
  const forget = onShutdown(() => managed.stop());
  void exited.then(forget);
  return managed;
}

function isRunning(child: ChildProcess): boolean {
  return child.pid !== undefined && child.exitCode === null && child.signalCode === null;
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    /* already gone */
  }
}

async function stopGroup(
  { child, exited }: ManagedProcess,
  signal: NodeJS.Signals,
  graceMs: number,
): Promise<void> {
  if (!isRunning(child)) {
    // The leader is gone; anything it left in its group goes too.
    if (child.pid !== undefined) signalGroup(child, 'SIGKILL');
    return;
  }
  const escalate = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
  signalGroup(child, signal);
  await exited;
  clearTimeout(escalate);
  // Helpers the leader started (the Functions runtime) must not outlive it.
  signalGroup(child, 'SIGKILL');
}
