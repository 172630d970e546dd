/** The machine a bench ran on, so its figures can be compared with others. */
import { readFileSync } from 'node:fs';
import { cpus, totalmem, platform, release } from 'node:os';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  os: string;
}

function cpuModel(): string {
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('model name'));
    if (line) return line.split(':')[1].trim();
  } catch {
    /* not Linux */
  }
  return cpus()[0]?.model ?? 'unknown CPU';
}

export function describeMachine(): Machine {
  return {
    cpu: cpuModel(),
    cores: cpus().length,
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${platform()} ${release()}`,
  };
}

export const machineLine = (machine: Machine) =>
  `${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB RAM, Node ${machine.node}, ${machine.os}`;

/**
 * Lighthouse's default CPU slowdown, the one the budgets are judged at on whatever host runs the bench: a fixed
 * multiplier, so a figure moves with the page's work and the host named beside it, not with a calibration
 * (docs/performance.md, "How each figure is measured").
 */
export const DEFAULT_CPU_SLOWDOWN = 4;

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('No values to take the median of');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** `--cpu-slowdown`: Lighthouse's CPU multiplier, 4 when not given. */
export function parseCpuSlowdown(value: string | undefined): number {
  if (value === undefined) return DEFAULT_CPU_SLOWDOWN;
  const fixed = Number(value);
  if (value.trim() === '' || !Number.isFinite(fixed) || fixed <= 0)
    throw new Error(`--cpu-slowdown takes a positive multiplier such as 4, not "${value}"`);
  return fixed;
}
