/**
 * The bench's Lighthouse CPU slowdown, scaled to the host (docs/performance.md, "How each figure is measured"):
 * 4 × benchmarkIndex ÷ 2,200, so a run on a slower host simulates the same phone the reference machine does at 4×,
 * the index being the one Lighthouse measured inside the run.
 */
import { describe, expect, it } from 'vitest';
import { budgets } from '../../scripts/bench/budgets';
import {
  calibratedCpuSlowdown,
  DEFAULT_CPU_SLOWDOWN,
  median,
  parseCpuSlowdown,
  runCpuSlowdown,
  withCpuSlowdown,
} from '../../scripts/bench/machine';

describe('calibratedCpuSlowdown', () => {
  it('is Lighthouse’s 4× on the reference machine the budgets are judged on', () => {
    expect(budgets.lighthouse.referenceBenchmarkIndex).toBe(2200);
    expect(DEFAULT_CPU_SLOWDOWN).toBe(4);
    expect(calibratedCpuSlowdown(2200)).toBe(4);
  });

  it.each([
    [1100, 2], // twice as slow a host: half the slowdown
    [1826, 3.32],
    [1146, 2.08],
    [930, 1.69],
    [4400, 8], // a faster host slows down more
  ])('scales with the host: benchmarkIndex %s → %s×', (index, multiplier) => {
    expect(calibratedCpuSlowdown(index)).toBe(multiplier);
  });

  it('takes another reference machine when given one', () => {
    expect(calibratedCpuSlowdown(1000, 1000)).toBe(4);
    expect(calibratedCpuSlowdown(1500, 1000)).toBe(6);
  });

  it.each([0, -5, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses a benchmarkIndex of %s rather than run at a meaningless slowdown',
    (index) => {
      expect(() => calibratedCpuSlowdown(index)).toThrow(/Cannot calibrate the CPU slowdown/);
    },
  );
});

describe('--cpu-slowdown', () => {
  it('calibrates by default and when asked to', () => {
    expect(parseCpuSlowdown(undefined)).toBe('calibrated');
    expect(parseCpuSlowdown('calibrated')).toBe('calibrated');
  });

  it('keeps a fixed multiplier, to reproduce the uncalibrated figure', () => {
    expect(parseCpuSlowdown('4')).toBe(4);
    expect(parseCpuSlowdown('2.5')).toBe(2.5);
  });

  it.each(['', '0', '-1', 'fast', 'NaN'])('refuses "%s"', (value) => {
    expect(() => parseCpuSlowdown(value)).toThrow(/--cpu-slowdown takes "calibrated"/);
  });
});

describe('runCpuSlowdown', () => {
  it('calibrates each run to the benchmarkIndex Lighthouse measured inside it', () => {
    // The two modes of this host's index, minutes apart: each run gets its own multiplier.
    expect(runCpuSlowdown('calibrated', 1146)).toBe(2.08);
    expect(runCpuSlowdown('calibrated', 1876)).toBe(3.41);
  });

  it('keeps a fixed multiplier whatever the index', () => {
    expect(runCpuSlowdown(4, 1146)).toBe(4);
    expect(runCpuSlowdown(2.5, 1876)).toBe(2.5);
  });

  it('refuses a run whose index is missing rather than audit it at a meaningless slowdown', () => {
    expect(() => runCpuSlowdown('calibrated', Number.NaN)).toThrow(/Cannot calibrate/);
  });
});

describe('withCpuSlowdown', () => {
  // As Lighthouse saves them (gatherMode): the gather's settings beside the artifacts.
  const gathered = () => ({
    BenchmarkIndex: 1146,
    URL: { finalDisplayedUrl: 'http://127.0.0.1/feed' },
    settings: {
      throttlingMethod: 'simulate',
      disableStorageReset: true,
      throttling: { rttMs: 150, throughputKbps: 1638.4, cpuSlowdownMultiplier: 4 },
    },
  });

  it('changes only the saved CPU multiplier, so the audit’s settings match the gather’s', () => {
    const saved = gathered();
    const audited = withCpuSlowdown(saved, 2.08);
    expect(audited).toEqual({
      ...gathered(),
      settings: {
        ...gathered().settings,
        throttling: { rttMs: 150, throughputKbps: 1638.4, cpuSlowdownMultiplier: 2.08 },
      },
    });
    expect(saved).toEqual(gathered());
  });

  it('refuses artifacts gathered with the CPU really slowed down (devtools throttling)', () => {
    const saved = gathered();
    saved.settings.throttlingMethod = 'devtools';
    expect(() => withCpuSlowdown(saved, 2.08)).toThrow(/Only simulated throttling/);
  });
});

describe('median', () => {
  it('takes the middle of an odd count and the mean of the two middle values of an even one', () => {
    expect(median([1943, 703, 1106])).toBe(1106);
    expect(median([1200, 1000, 1100, 1876])).toBe(1150);
    expect(median([739])).toBe(739);
  });

  it('leaves its input in order and refuses an empty list', () => {
    const measured = [3, 1, 2];
    median(measured);
    expect(measured).toEqual([3, 1, 2]);
    expect(() => median([])).toThrow('No values');
  });
});
