/** What a test needs to prove a script left nothing behind: its process tree and the ports. */
import { readdirSync, readFileSync } from 'node:fs';
import { isPortFree } from '../../scripts/lib/ports-in-use';

function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/** Whether the process exists and is not a zombie waiting to be reaped. */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Every live descendant of `root` (children, grandchildren…). */
export function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const parent = parentOf(Number(name));
    if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

export const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '(gone)';
  }
};

/** Waits until none of the pids is alive and every port is free; returns what is still there. */
export async function waitForNothingLeft(
  pids: number[],
  ports: number[],
  timeoutMs: number,
): Promise<{ pids: string[]; ports: number[] }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const alive = pids.filter(isAlive);
    const busy: number[] = [];
    for (const port of ports) if (!(await isPortFree(port))) busy.push(port);
    if ((alive.length === 0 && busy.length === 0) || Date.now() > deadline) {
      return { pids: alive.map((pid) => `${pid} ${commandOf(pid)}`), ports: busy };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
