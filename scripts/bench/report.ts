/** One markdown table of every figure, side by side with its budget and the host's CPU model. */
import { machineLine, type Machine } from './machine';

export type Status = 'pass' | 'FAIL' | 'info' | 'error';

export interface Row {
  area: string;
  measure: string;
  result: string;
  budget: string;
  status: Status;
}

export const check = (ok: boolean): Status => (ok ? 'pass' : 'FAIL');

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderReport(
  machine: Machine,
  startedAt: Date,
  seconds: number,
  rows: Row[],
  notes: string[],
): string {
  // Beside every figure: a figure copied out of the table keeps the machine it was measured on.
  const host = `${machine.cpu} (${machine.cores} cores)`;
  const failed = rows.filter((row) => row.status === 'FAIL' || row.status === 'error').length;
  return [
    `# ChallangeX bench`,
    '',
    `Machine: ${machineLine(machine)}  `,
    `Run: ${startedAt.toISOString()}, ${seconds.toFixed(0)} s; ${failed === 0 ? 'every budget met' : `${failed} budget(s) missed or not measured`}`,
    '',
    '| area | measure | result | budget | status | host CPU |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (row) =>
        `| ${[row.area, row.measure, row.result, row.budget, row.status, host].map(cell).join(' | ')} |`,
    ),
    '',
    ...notes.map((note) => `- ${note}`),
    '',
  ].join('\n');
}
