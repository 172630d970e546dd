/**
 * How the bench reads a Lighthouse run and judges a page (scripts/bench/lighthouse-report.ts): at Lighthouse's fixed
 * 4× CPU slowdown, every budgeted figure the median of the page's runs, each run's figures and the host's CPU model
 * printed beside it (docs/performance.md, "How each figure is measured").
 */
import type { Result as LighthouseResult } from 'lighthouse';
import { describe, expect, it } from 'vitest';
import { budgets } from '../../scripts/bench/budgets';
import {
  lighthousePageRows,
  mainThreadGroupsText,
  runFigures,
  runLine,
  type RunFigures,
} from '../../scripts/bench/lighthouse-report';
import { DEFAULT_CPU_SLOWDOWN, median, parseCpuSlowdown } from '../../scripts/bench/machine';

const CPU = 'AMD EPYC 7B13';

/** The parts of a Lighthouse result the bench reads. */
function lighthouseResult(figures: {
  performance: number;
  tbt: number;
  lcp: number;
  cls: number;
  groups: Record<string, number>;
}): LighthouseResult {
  const groupItems = Object.entries(figures.groups).map(([group, duration]) => ({
    group,
    groupLabel: group,
    duration,
  }));
  return {
    categories: {
      performance: { score: figures.performance / 100 },
      accessibility: { score: 1 },
      'best-practices': { score: 1 },
    },
    audits: {
      'first-contentful-paint': { numericValue: 1200 },
      'largest-contentful-paint': { numericValue: figures.lcp },
      'total-blocking-time': { numericValue: figures.tbt },
      'cumulative-layout-shift': { numericValue: figures.cls },
      'mainthread-work-breakdown': {
        numericValue: groupItems.reduce((sum, item) => sum + item.duration, 0),
        details: { type: 'table', items: groupItems },
      },
      'network-requests': {
        details: {
          items: [
            { resourceType: 'Script', transferSize: 40_000 },
            { resourceType: 'Stylesheet', transferSize: 9_000 },
            { resourceType: 'Script', transferSize: 20_000 },
          ],
        },
      },
    },
  } as unknown as LighthouseResult;
}

const run = (performance: number, tbt: number, lcp: number, cls: number, work: number) =>
  runFigures(
    lighthouseResult({
      performance,
      tbt,
      lcp,
      cls,
      groups: {
        scriptEvaluation: work * 0.4,
        other: work * 0.4,
        styleLayout: work * 0.1,
        paintCompositeRender: work * 0.06,
        parseHTML: work * 0.04,
      },
    }),
  );

describe("a Lighthouse run's figures", () => {
  it('reads the scores, the metrics, the main-thread work with its groups and the scripts transferred', () => {
    const figures = run(97, 120, 2100, 0.012, 2000);
    expect(figures).toMatchObject({
      performance: 97,
      accessibility: 100,
      bestPractices: 100,
      firstContentfulPaintMs: 1200,
      largestContentfulPaintMs: 2100,
      totalBlockingTimeMs: 120,
      cumulativeLayoutShift: 0.012,
      scriptTransferBytes: 60_000,
    });
    expect(figures.mainThread.totalMs).toBe(2000);
    expect(mainThreadGroupsText(figures.mainThread)).toBe(
      'script evaluation 800, style & layout 200, other 800, the rest 200',
    );
  });

  it("logs each run's figures with the CPU slowdown and the host's CPU model", () => {
    expect(runLine(2, run(97, 120, 2100, 0.012, 2094), 4, CPU)).toBe(
      '  run 2: performance 97, TBT 120 ms, LCP 2.10 s, CLS 0.012, main-thread work 2,094 ms ' +
        '(script evaluation 838, style & layout 209, other 838, the rest 209); 4× CPU slowdown on AMD EPYC 7B13',
    );
  });
});

describe("a page's rows", () => {
  const page = (runs: RunFigures[]) =>
    lighthousePageRows(
      { name: 'feed', path: '/feed', runs, cpuSlowdownMultiplier: DEFAULT_CPU_SLOWDOWN },
      CPU,
    );
  const byLabel = (rows: ReturnType<typeof page>, label: string) =>
    rows.find((row) => row.measure.startsWith(`feed /feed: ${label}`))!;

  it('judges every figure at its median over the runs, each run and the CPU beside it', () => {
    const rows = page([
      run(99, 40, 2000, 0.0, 1900),
      run(80, 900, 3100, 0.3, 6000), // one bad run among five is outvoted
      run(98, 60, 2100, 0.01, 2100),
      run(97, 90, 2150, 0.015, 2500),
      run(99, 10, 1900, 0.002, 2000),
    ]);
    expect(rows.filter((row) => row.status !== 'info').every((row) => row.status === 'pass')).toBe(
      true,
    );
    const work = byLabel(rows, 'main-thread work');
    expect(work).toEqual({
      area: 'lighthouse',
      measure: 'feed /feed: main-thread work (mainthread-work-breakdown), median',
      result:
        '2,100 ms: script evaluation 840, style & layout 210, other 840, the rest 210 ' +
        '(runs: 1,900 ms, 6,000 ms, 2,100 ms, 2,500 ms, 2,000 ms; 5 run(s), 4× CPU slowdown on AMD EPYC 7B13)',
      budget: '≤ 3.00 s',
      status: 'pass',
    });
    expect(byLabel(rows, 'Largest Contentful Paint').result).toBe(
      '2.10 s (runs: 2.00 s, 3.10 s, 2.10 s, 2.15 s, 1.90 s; 5 run(s), 4× CPU slowdown on AMD EPYC 7B13)',
    );
  });

  it.each([
    ['performance', run(94, 40, 2000, 0.0, 1900), `≥ ${budgets.lighthouse.performance}`],
    ['Total Blocking Time', run(99, 151, 2000, 0.0, 1900), '≤ 150 ms'],
    ['Largest Contentful Paint', run(99, 40, 2201, 0.0, 1900), '≤ 2.20 s'],
    ['Cumulative Layout Shift', run(99, 40, 2000, 0.021, 1900), '≤ 0.02'],
    ['main-thread work', run(99, 40, 2000, 0.0, 3001), '≤ 3.00 s'],
  ])('fails the page whose median %s is over its budget', (label, over, budget) => {
    const rows = page([over, over, run(99, 10, 1900, 0.0, 1500)]);
    const row = byLabel(rows, label);
    expect(row.budget).toBe(budget);
    expect(row.status).toBe('FAIL');
    expect(
      rows.filter((other) => other !== row && other.status === 'FAIL').map((r) => r.measure),
    ).toEqual([]);
  });
});

describe('the budgets', () => {
  it("are #46's: judged at Lighthouse's fixed 4×, median of 5 runs a page", () => {
    expect(DEFAULT_CPU_SLOWDOWN).toBe(4);
    expect(budgets.lighthouse).toEqual({
      runsPerPage: 5,
      performance: 95,
      accessibility: 100,
      bestPractices: 100,
      totalBlockingTimeMs: 150,
      largestContentfulPaintMs: 2200,
      cumulativeLayoutShift: 0.02,
      mainThreadWorkMs: 3000,
    });
    expect(budgets.repeatVisitFirstCardMs).toBe(500);
    expect(budgets.homeInitialJsGzipBytes).toBe(95 * 1024);
  });
});

describe('--cpu-slowdown', () => {
  it("is Lighthouse's 4× unless another multiplier is asked for", () => {
    expect(parseCpuSlowdown(undefined)).toBe(4);
    expect(parseCpuSlowdown('2.5')).toBe(2.5);
  });

  it.each(['', '0', '-1', 'calibrated', 'NaN'])('refuses "%s"', (value) => {
    expect(() => parseCpuSlowdown(value)).toThrow(
      /--cpu-slowdown takes a positive multiplier such as 4/,
    );
  });
});

describe('median', () => {
  it('takes the middle of an odd count and the mean of the two middle values of an even one', () => {
    expect(median([1943, 703, 1106])).toBe(1106);
    expect(median([1200, 1000, 1100, 1876])).toBe(1150);
    expect(() => median([])).toThrow('No values');
  });
});
