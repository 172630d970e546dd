/**
 * The member-day's database operations by path group (issue 44, docs/scaling.md): what the RTDB emulator
 * served while one member opened the feed, their challenge (three meals proved) and the leaderboard,
 * the app's and the API's operations both, in `firebase database:profile`'s terms.
 */
import type { OperationReport } from 'challangex-emulators/database';
import { countsByGroup, PATH_GROUPS } from './path-groups';
import type { Row } from './report';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function memberDayPathRows(report: OperationReport): { rows: Row[]; notes: string[] } {
  const groups = countsByGroup(report);
  const area = 'member-day by path';
  const rows: Row[] = PATH_GROUPS.filter((group) => {
    const counts = groups[group];
    return counts.reads + counts.clientWrites + counts.serverWrites + counts.broadcasts > 0;
  }).map((group) => {
    const c = groups[group];
    return {
      area,
      measure: group,
      result:
        `reads ${c.reads}, writes ${c.clientWrites} client + ${c.serverWrites} server, ` +
        `broadcasts ${c.broadcasts}, listener-seconds ${c.listenerSeconds.toFixed(0)}; ` +
        `${kb(c.bytes)} in all, ${kb(c.clientDownloadBytes)} to the app`,
      budget: '—',
      status: 'info',
    };
  });
  const requests = Object.entries(report.requests)
    .map(([name, tally]) => `${name} ${tally.count}`)
    .join(', ');
  rows.push({
    area,
    measure: 'requests by operation type (firebase database:profile)',
    result: `${requests}; connections at most ${report.connections.peak}, ${report.connections.seconds.toFixed(0)} connection-seconds`,
    budget: '—',
    status: 'info',
  });
  return {
    rows,
    notes: [
      `Member-day by path: the RTDB emulator's own counts (GET /.debug/operations.json) over the member-day's counted opens: reads are listener-listen (get() included) and rest-read; writes split by the owner credential (server: the API) and members (client); a multi-path update counts once per location it writes; broadcasts are each write × the listeners it reached; bytes are the JSON data (framing excluded), "to the app" being reads and broadcasts to the member's own connections.`,
    ],
  };
}
