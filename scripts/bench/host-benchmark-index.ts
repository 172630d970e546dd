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

/** How a latency row names the host's speed (0: not measured), next to the reference budgets are judged on. */
export const hostIndexNote = (
  index: number,
  referenceIndex = budgets.lighthouse.referenceBenchmarkIndex,
): string =>
  index > 0
    ? `host benchmarkIndex ${index.toFixed(0)} just before (reference ${referenceIndex.toLocaleString('en')})`
    : 'host benchmarkIndex not measured (no Chromium)';

/** A section's rows with the host's index after each result. */
export const withHostIndex = (rows: Row[], index: number): Row[] =>
  rows.map((row) => ({ ...row, result: `${row.result}; ${hostIndexNote(index)}` }));
