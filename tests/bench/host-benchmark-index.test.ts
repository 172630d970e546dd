import { describe, expect, it } from 'vitest';
import { measureHostBenchmarkIndex, withHostIndex } from '../../scripts/bench/host-benchmark-index';
import type { Row } from '../../scripts/bench/report';
import { ensureChromium } from '../../scripts/lib/find-chromium';

describe("the host's benchmarkIndex beside a latency", () => {
  it("measures Lighthouse's index in a real Chromium: a whole number a desktop-class host scores above 500", async () => {
    const chromiumPath = ensureChromium({ override: process.env.CHROMIUM_PATH });
    const index = await measureHostBenchmarkIndex(chromiumPath, 1);
    expect(Number.isInteger(index)).toBe(true);
    expect(index).toBeGreaterThan(500);
  }, 60_000);

  it("adds the index and the reference to each row's result, or says it was not measured", () => {
    const row: Row = {
      area: 'groups',
      measure: 'join',
      result: 'p95 31 ms',
      budget: '—',
      status: 'pass',
    };
    expect(withHostIndex([row], 2481.6)).toEqual([
      { ...row, result: 'p95 31 ms; host benchmarkIndex 2482 just before (reference 2,200)' },
    ]);
    expect(withHostIndex([row], 0)[0].result).toBe(
      'p95 31 ms; host benchmarkIndex not measured (no Chromium)',
    );
  });
});
