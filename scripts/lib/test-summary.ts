/**
 * Counting for `npm test`'s closing summary: tests read from each runner's JSON report and
 * added up per suite, so the product's tests and the emulators' own tests are never one number.
 */
import { existsSync, readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

/** Whose tests a step runs: the app and its functions, or the emulators package. */
export type Suite = 'product' | 'emulators';
const SUITES: readonly Suite[] = ['product', 'emulators'];

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

/** Zero counts for every suite, to add steps to. */
export function newTotals(): Record<Suite, Counts> {
  const none = (): Counts => ({ passed: 0, failed: 0, skipped: 0 });
  return { product: none(), emulators: none() };
}

/** Counts in a Vitest (`--reporter=json`) or Playwright (JSON reporter) report; null if neither. */
export function countsFromReport(report: unknown): Counts | null {
  if (typeof report !== 'object' || report === null) return null;
  const json = report as Record<string, unknown>;
  if (typeof json.numPassedTests === 'number') {
    return {
      passed: json.numPassedTests,
      failed: Number(json.numFailedTests ?? 0),
      skipped: Number(json.numPendingTests ?? 0) + Number(json.numTodoTests ?? 0),
    };
  }
  if (typeof json.stats !== 'object' || json.stats === null) return null;
  const {
    expected = 0,
    unexpected = 0,
    flaky = 0,
    skipped = 0,
  } = json.stats as Record<string, number>;
  return { passed: expected + flaky, failed: unexpected, skipped };
}

/** The counts in a report file, or why there are none (missing, not JSON, an unknown shape). */
export function readReport(file: string): Counts | string {
  if (!existsSync(file)) return `no test report at ${file}: the runner stopped before writing it`;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return `the test report ${file} is not JSON (${(error as Error).message})`;
  }
  return countsFromReport(json) ?? `the test report ${file} has no test counts`;
}

/** The first line of a failure message, without terminal colours, at most 240 characters. */
function firstLine(message: unknown): string {
  const text = typeof message === 'string' ? message : '';
  // Runners colour their messages for terminals.
  const line = stripVTControlCharacters(text).trim().split('\n')[0] ?? '';
  return line.length > 240 ? `${line.slice(0, 239)}…` : line;
}

interface PlaywrightSuite {
  specs?: Array<{
    title?: string;
    file?: string;
    line?: number;
    tests?: Array<{
      projectName?: string;
      status?: string;
      results?: Array<{ error?: { message?: string } }>;
    }>;
  }>;
  suites?: PlaywrightSuite[];
}

/**
 * The failed tests a Vitest or Playwright JSON report names, as "file › test: the error's first line":
 * CI shows only the end of the output, where the summary lists these.
 */
export function failedTests(report: unknown): string[] {
  if (typeof report !== 'object' || report === null) return [];
  const json = report as Record<string, unknown>;
  if (Array.isArray(json.testResults)) {
    return (
      json.testResults as Array<{
        name?: string;
        status?: string;
        message?: string;
        assertionResults?: Array<{
          fullName?: string;
          status?: string;
          failureMessages?: unknown[];
        }>;
      }>
    ).flatMap((file) => {
      const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      const named = failed.map(
        (test) => `${file.name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`,
      );
      // A file that failed outside its tests (an import, a hook) has a message and no failed test.
      return named.length === 0 && file.status === 'failed'
        ? [`${file.name}: ${firstLine(file.message)}`]
        : named;
    });
  }
  const walk = (suite: PlaywrightSuite): string[] => [
    ...(suite.specs ?? []).flatMap((spec) =>
      (spec.tests ?? [])
        .filter((test) => test.status === 'unexpected')
        .map((test) => {
          const error = test.results?.find((result) => result.error)?.error?.message;
          const project = test.projectName ? `[${test.projectName}] ` : '';
          return `${project}${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error)}`;
        }),
    ),
    ...(suite.suites ?? []).flatMap(walk),
  ];
  return Array.isArray(json.suites) ? (json.suites as PlaywrightSuite[]).flatMap(walk) : [];
}

/** The failed tests named in a report file; none when it cannot be read (readReport says why). */
export function readFailedTests(file: string): string[] {
  try {
    return failedTests(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return [];
  }
}

/** Adds one step's counts to its suite's running totals. */
export function addCounts(totals: Record<Suite, Counts>, suite: Suite, counts: Counts): void {
  const total = totals[suite];
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
}

/**
 * The closing line, e.g. `1305 passed (product 648, emulators 657), 0 failed`. Failures and
 * skips are split by suite when there are any; skips are named only then.
 */
export function summaryLine(totals: Record<Suite, Counts>): string {
  const part = (key: keyof Counts, alwaysSplit: boolean) => {
    const sum = SUITES.reduce((n, suite) => n + totals[suite][key], 0);
    if (sum === 0 && !alwaysSplit) return `0 ${key}`;
    return `${sum} ${key} (${SUITES.map((suite) => `${suite} ${totals[suite][key]}`).join(', ')})`;
  };
  const parts = [part('passed', true), part('failed', false)];
  if (SUITES.some((suite) => totals[suite].skipped > 0)) parts.push(part('skipped', false));
  return parts.join(', ');
}
