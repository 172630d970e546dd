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
 * The multiplier a Lighthouse run is audited at: calibrated to the benchmarkIndex Lighthouse measured inside that
 * very run (the host's index moves within minutes, so one measured at another moment can be far off), or the
 * fixed multiplier asked for (docs/performance.md, "How each figure is measured").
 */
export const runCpuSlowdown = (cpuSlowdown: CpuSlowdown, inRunBenchmarkIndex: number): number =>
  cpuSlowdown === 'calibrated' ? calibratedCpuSlowdown(inRunBenchmarkIndex) : cpuSlowdown;

/** What the bench reads and rewrites of Lighthouse's saved artifacts.json (gatherMode). */
export interface GatheredArtifacts {
  BenchmarkIndex: number;
  settings: { throttling: { cpuSlowdownMultiplier: number } & Record<string, unknown> } & Record<
    string,
    unknown
  >;
  [artifact: string]: unknown;
}

/**
 * The saved artifacts with the multiplier they are audited at: Lighthouse's auditMode refuses settings that differ
 * from the gather's (core/runner.js, "Cannot change settings between gathering and auditing"), and under simulated
 * throttling the CPU multiplier is only applied by the audit's simulation. Nothing else changes.
 */
export function withCpuSlowdown<Artifacts extends GatheredArtifacts>(
  artifacts: Artifacts,
  cpuSlowdownMultiplier: number,
): Artifacts {
  const { settings } = artifacts;
  // Devtools throttling slowed the CPU while the page loaded: the trace cannot be re-scaled afterwards.
  if (settings.throttlingMethod !== 'simulate')
    throw new Error(
      `Only simulated throttling can be re-audited at another CPU slowdown, not "${String(settings.throttlingMethod)}"`,
    );
  return {
    ...artifacts,
    settings: { ...settings, throttling: { ...settings.throttling, cpuSlowdownMultiplier } },
  };
}
