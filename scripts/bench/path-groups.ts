/**
 * The RTDB emulator's operation counts (emulators/database/operation-counts.ts) summed by the path
 * groups the cost analysis speaks of (docs/scaling.md): what the feed, a member's own challenges, the
 * groups and their boards, the leaderboards, notices, progress and the server-only records each cost.
 * The same grouping reads a production `firebase database:profile --raw` later: it sees only paths
 * and operation types.
 */
import type { OperationReport, OperationType } from 'challangex-emulators/database';

export const PATH_GROUPS = [
  'feed',
  'own challenges',
  'groups and boards',
  'leaderboards',
  'notices',
  'progress',
  'server-only',
  'site',
] as const;
export type PathGroup = (typeof PATH_GROUPS)[number];

/** '/users/u1/challenges/c1/meals' → 'own challenges'. */
export function pathGroupOf(path: string): PathGroup {
  const [root, , child] = path.split('/').filter((segment) => segment.length > 0);
  switch (root) {
    case 'feed':
      return 'feed';
    case 'leaderboard':
      return 'leaderboards';
    case 'groups':
    case 'groupGiven':
      return 'groups and boards';
    case 'progress':
      return 'progress';
    case 'website':
      return 'site';
    case 'users':
      if (child === 'notices' || child === 'noticesSeenAt') return 'notices';
      if (child === 'glance') return 'progress';
      // the member's challenges and the profile records beside them
      return 'own challenges';
    default:
      // serverLimits, serverLocks, moderation, proofHashes, storageUsage, groupCheers, … reminders
      return 'server-only';
  }
}

const READS = new Set<OperationType>(['listener-listen', 'rest-read']);
const WRITES = new Set<OperationType>([
  'realtime-write',
  'realtime-update',
  'realtime-transaction',
  'rest-write',
  'rest-update',
  'run-on-disconnect',
]);

export interface GroupCounts {
  /** listener-listen (incl. get()) and rest-read */
  reads: number;
  clientWrites: number;
  serverWrites: number;
  /** listener-broadcast: each write × the listeners it reached */
  broadcasts: number;
  /** every operation's data bytes: reads, writes and broadcasts */
  bytes: number;
  /** of which downloaded by clients (reads and broadcasts to client listeners: what Firebase bills) */
  clientDownloadBytes: number;
  listenerSeconds: number;
  /** listeners open at the moment of the report */
  listenersNow: number;
}

const emptyCounts = (): GroupCounts => ({
  reads: 0,
  clientWrites: 0,
  serverWrites: 0,
  broadcasts: 0,
  bytes: 0,
  clientDownloadBytes: 0,
  listenerSeconds: 0,
  listenersNow: 0,
});

export function countsByGroup(report: OperationReport): Record<PathGroup, GroupCounts> {
  const groups = Object.fromEntries(PATH_GROUPS.map((group) => [group, emptyCounts()])) as Record<
    PathGroup,
    GroupCounts
  >;
  for (const entry of report.paths) {
    const counts = groups[pathGroupOf(entry.path)];
    counts.bytes += entry.bytes;
    if (READS.has(entry.name)) counts.reads += entry.count;
    else if (WRITES.has(entry.name)) {
      if (entry.origin === 'server') counts.serverWrites += entry.count;
      else counts.clientWrites += entry.count;
    } else if (entry.name === 'listener-broadcast') counts.broadcasts += entry.count;
    const downloaded = READS.has(entry.name) || entry.name === 'listener-broadcast';
    if (downloaded && entry.origin === 'client') counts.clientDownloadBytes += entry.bytes;
  }
  for (const listener of report.listeners) {
    const counts = groups[pathGroupOf(listener.path)];
    counts.listenerSeconds += listener.seconds;
    counts.listenersNow += listener.current;
  }
  return groups;
}

/** The namespace's counts so far; `reset` starts them again. Loopback only, like the endpoint. */
export async function databaseOperations(
  port: number,
  namespace: string,
  options: { reset?: boolean } = {},
): Promise<OperationReport> {
  const url = `http://127.0.0.1:${port}/.debug/operations.json?ns=${encodeURIComponent(namespace)}`;
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  const report = (await response.json()) as OperationReport;
  if (options.reset) {
    const reset = await fetch(url, { method: 'DELETE', signal: AbortSignal.timeout(30_000) });
    if (!reset.ok) throw new Error(`DELETE ${url}: ${reset.status}`);
  }
  return report;
}
