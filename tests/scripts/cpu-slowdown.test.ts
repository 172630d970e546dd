/**
 * The bench's Lighthouse CPU slowdown, scaled to the host (docs/performance.md, "How each figure is measured"):
 * 4 × benchmarkIndex ÷ 2,200, so a run on a slower host simulates the same phone the reference machine does at 4×.
 */
import { describe, expect, it } from 'vitest';
import { budgets } from '../../scripts/bench/budgets';
import {
  calibratedCpuSlowdown,
  DEFAULT_CPU_SLOWDOWN,
  median,
  parseCpuSlowdown,
  steadyHost,
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

describe('steadyHost', () => {
  it('accepts a run whose own benchmarkIndex stayed within 20 % of the one it was calibrated to', () => {
    expect(steadyHost(1000, 1000)).toBe(true);
    expect(steadyHost(1000, 1200)).toBe(true);
    expect(steadyHost(1000, 800)).toBe(true);
  });

  it('flags a run on a host whose speed moved (739 before, 392 inside the run under load 15)', () => {
    expect(steadyHost(739, 392)).toBe(false);
    expect(steadyHost(1000, 1250)).toBe(false);
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
