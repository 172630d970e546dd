/**
 * This host's CPU benchmarkIndex, measured the way Lighthouse measures it inside an audit (its own page function,
 * run in Chromium), for the figures that have no Lighthouse run of their own: API latencies. Budgets are judged on
 * an ordinary machine (benchmarkIndex ~2,200, docs/performance.md "Running the bench"), so a latency is printed
 * with the index of the host at that moment.
 */
import { chromium } from '@playwright/test';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { budgets } from './budgets';
import { median } from './machine';
import type { Row } from './report';

/** The median of `samples` measurements (each ~1 s of Lighthouse's benchmark) in one headless Chromium page. */
export async function measureHostBenchmarkIndex(
  chromiumPath: string,
  samples = 3,
): Promise<number> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    const indexes: number[] = [];
    for (let sample = 0; sample < samples; sample += 1) {
      indexes.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
    }
    return median(indexes);
  } finally {
    await browser.close();
  }
}

/** The row printed first in a timed section: the host's index just before it (0: not measured), beside the reference. */
export const indexRow = (
  area: string,
  index: number,
  referenceIndex = budgets.lighthouse.referenceBenchmarkIndex,
): Row => ({
  area,
  measure: "host CPU benchmarkIndex just before this section (Lighthouse's, in Chromium)",
  result:
    index > 0
      ? `${index.toFixed(0)} (the reference machine: ${referenceIndex.toLocaleString('en')})`
      : 'not measured (no Chromium)',
  budget: '—',
  status: 'info',
});

/** That row for a section about to run: measured in `chromiumPath`, or "not measured" without one. */
export const hostIndexRow = async (area: string, chromiumPath: string | undefined): Promise<Row> =>
  indexRow(area, chromiumPath ? await measureHostBenchmarkIndex(chromiumPath) : 0);
