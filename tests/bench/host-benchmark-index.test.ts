import { describe, expect, it } from 'vitest';
import { indexRow, measureHostBenchmarkIndex } from '../../scripts/bench/host-benchmark-index';
import { ensureChromium } from '../../scripts/lib/find-chromium';

describe("the host's benchmarkIndex beside a latency", () => {
  it("measures Lighthouse's index in a real Chromium: a number a desktop-class host scores above 500", async () => {
    const chromiumPath = ensureChromium({ override: process.env.CHROMIUM_PATH });
    const index = await measureHostBenchmarkIndex(chromiumPath, 1);
    expect(Number.isFinite(index)).toBe(true);
    expect(index).toBeGreaterThan(500);
  }, 60_000);

  it('prints the index beside the reference, or says it was not measured', () => {
    expect(indexRow('groups', 2481.6)).toEqual({
      area: 'groups',
      measure: "host CPU benchmarkIndex just before this section (Lighthouse's, in Chromium)",
      result: '2482 (the reference machine: 2,200)',
      budget: '—',
      status: 'info',
    });
    expect(indexRow('groups', 0).result).toBe('not measured (no Chromium)');
  });
});
