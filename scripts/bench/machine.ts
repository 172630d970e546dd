/** The machine a bench ran on, so its figures can be compared with others. */
import { readFileSync } from 'node:fs';
import { cpus, totalmem, platform, release } from 'node:os';
import { budgets } from './budgets';

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

/** Lighthouse's default CPU slowdown: meant for a host of the reference class. */
export const DEFAULT_CPU_SLOWDOWN = 4;

/**
 * The CPU slowdown that makes a Lighthouse run on this host simulate the phone the reference machine simulates at
 * 4×: Lighthouse's simulated throttling multiplies the main-thread work it observed by `cpuSlowdownMultiplier`, so
 * on a host k times slower than the reference the multiplier is 4 ÷ k (Lighthouse's docs/throttling.md,
 * "Calibrating the CPU slowdown"; docs/performance.md, "How each figure is measured"). Two decimals.
 */
export function calibratedCpuSlowdown(
  benchmarkIndex: number,
  referenceIndex: number = budgets.lighthouse.referenceBenchmarkIndex,
): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0)
    throw new Error(`Cannot calibrate the CPU slowdown on a benchmarkIndex of ${benchmarkIndex}`);
  return Math.round(((DEFAULT_CPU_SLOWDOWN * benchmarkIndex) / referenceIndex) * 100) / 100;
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('No values to take the median of');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** `--cpu-slowdown`: "calibrated" (each run scaled to this host) or a fixed multiplier such as 4. */
export type CpuSlowdown = 'calibrated' | number;

export function parseCpuSlowdown(value: string | undefined): CpuSlowdown {
  if (value === undefined || value === 'calibrated') return 'calibrated';
  const fixed = Number(value);
  if (value.trim() === '' || !Number.isFinite(fixed) || fixed <= 0)
    throw new Error(
      `--cpu-slowdown takes "calibrated" or a positive multiplier such as 4, not "${value}"`,
    );
  return fixed;
}

/**
 * Whether the host's speed held between the index a run was calibrated to and the one Lighthouse measured inside
 * the run (within 20 %): on a shared, busy host they can differ by half, and such a run's figure decides nothing.
 */
export const steadyHost = (measuredBefore: number, measuredInRun: number) =>
  Math.abs(measuredInRun / measuredBefore - 1) <= 0.2;
