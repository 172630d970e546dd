/**
 * Fixed ports (the dev stack's) are checked before anything starts: a port already taken
 * stops the start with a message naming what holds it, instead of a later EADDRINUSE and
 * a stack that quietly talks to someone else's server.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer } from 'node:net';

export interface PortHolder {
  pid: number;
  command: string;
}

/** Whether nothing listens on host:port right now (we can bind it). */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** Socket inodes listening on the port, from /proc/net/tcp and tcp6 (Linux). */
function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10 || fields[3] !== '0A') continue; // 0A: LISTEN
      if (parseInt(fields[1].split(':')[1], 16) === port) inodes.add(fields[9]);
    }
  }
  return inodes;
}

/** The process listening on the port, if /proc lets us see it (Linux, same user or root). */
export function findPortHolder(port: number): PortHolder | null {
  const inodes = listeningInodes(port);
  if (inodes.size === 0) return null;
  const sockets = new Set([...inodes].map((inode) => `socket:[${inode}]`));
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      if (!sockets.has(target)) continue;
      let command = '';
      try {
        command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
      } catch {
        /* it just exited */
      }
      return { pid: Number(pid), command };
    }
  }
  return null;
}

export class PortsInUseError extends Error {}

/**
 * Rejects with one line per taken port (the service, the port and who holds it) and what to
 * do about it; resolves if every port is free.
 */
export async function assertPortsFree(ports: Record<string, number>): Promise<void> {
  const taken: string[] = [];
  for (const [service, port] of Object.entries(ports)) {
    if (await isPortFree(port)) continue;
    const holder = findPortHolder(port);
    taken.push(
      holder
        ? `  port ${port} (${service}) is held by pid ${holder.pid}: ${holder.command || 'unknown command'}`
        : `  port ${port} (${service}) is in use by another process`,
    );
  }
  if (taken.length === 0) return;
  throw new PortsInUseError(
    `Cannot start: ${taken.length === 1 ? 'a port it needs is' : 'ports it needs are'} already in use.\n` +
      `${taken.join('\n')}\n` +
      'Stop that process (for a stack left over from an earlier run: kill <pid>), then start again.',
  );
}
