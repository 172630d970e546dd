/**
 * Preloaded (`node --import <this file>`) into every long-running process our scripts start:
 * the emulators, firebase-tools, Vite. When the process that started it is gone (ended by
 * SIGKILL or a closed terminal, which leave no chance to clean up), this process stops its
 * whole process group, so nothing of the stack outlives `npm run dev`, `npm test` or
 * `npm run bench` holding its ports. Plain JavaScript: it loads into any Node program, without tsx.
 */
import { readFileSync } from 'node:fs';

const POLL_MS = 250;
/** Time for a graceful stop (firebase-tools exports its data on SIGTERM) before SIGKILL. */
const GRACE_MS = 30_000;
// The starter names itself, so a parent that died before this module loaded is noticed too;
// the variable is removed so that this process's own children watch nobody by mistake.
const parent = Number(process.env.CHALLANGEX_TETHER_PARENT) || process.ppid;
delete process.env.CHALLANGEX_TETHER_PARENT;

/** Our process group id (Linux /proc), to signal the group only when this process leads it. */
function processGroup() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
  } catch {
    return undefined;
  }
}

function signalOwnProcesses(signal) {
  try {
    process.kill(processGroup() === process.pid ? -process.pid : process.pid, signal);
  } catch {
    /* already gone */
  }
}

const watch = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(watch);
  // Our output went to the parent: writing to it now fails (EPIPE), which must not crash the
  // graceful stop (firebase-tools exporting its data) before it is done.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
  process.stderr.write(`The process that started ${process.pid} (${parent}) is gone; stopping.\n`);
  setTimeout(() => signalOwnProcesses('SIGKILL'), GRACE_MS).unref();
  signalOwnProcesses('SIGTERM');
}, POLL_MS);
watch.unref();
