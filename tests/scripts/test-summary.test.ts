/**
 * `npm test`'s closing summary: counts read from real runner reports, kept per suite, and the
 * product's tests never mixed with the emulators' own.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import {
  addCounts,
  countsFromReport,
  newTotals,
  readFailedTests,
  readReport,
  summaryLine,
} from '../../scripts/lib/test-summary';

const run = promisify(execFile);
const vitest = resolve(import.meta.dirname, '../../node_modules/.bin/vitest');
const playwright = resolve(import.meta.dirname, '../../node_modules/.bin/playwright');
const dir = mkdtempSync(join(tmpdir(), 'test-summary-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('reading a report', () => {
  it('counts what a real Vitest JSON report says: passed, failed, skipped and todo', async () => {
    writeFileSync(
      join(dir, 'sample.test.js'),
      [
        "test('passes', () => {});",
        "test('passes too', () => {});",
        "test('fails', () => { throw new Error('on purpose'); });",
        "test.skip('skipped', () => {});",
        "test.todo('todo');",
      ].join('\n'),
    );
    const report = join(dir, 'report.json');
    // The failing test makes Vitest exit non-zero; the report is what matters here.
    await run(vitest, ['run', '--globals', '--reporter=json', `--outputFile=${report}`], {
      cwd: dir,
    }).catch(() => undefined);
    expect(readReport(report)).toEqual({ passed: 2, failed: 1, skipped: 2 });
    expect(readFailedTests(report)).toEqual([
      `${join(dir, 'sample.test.js')} › fails: Error: on purpose`,
    ]);
  }, 60_000);

  it('names the failed tests of a real Playwright JSON report, with their project and line', async () => {
    const project = join(dir, 'playwright');
    mkdirSync(project);
    writeFileSync(
      join(project, 'sample.spec.js'),
      [
        "const { test, expect } = require('@playwright/test');",
        "test('passes', () => {});",
        "test('fails', () => { expect(1).toBe(2); });",
      ].join('\n'),
    );
    const report = join(project, 'report.json');
    await run(playwright, ['test', '--reporter=json', '--workers=1'], {
      cwd: project,
      // The spec's require finds @playwright/test from the repository's packages.
      env: {
        ...process.env,
        NODE_PATH: resolve(import.meta.dirname, '../../node_modules'),
        PLAYWRIGHT_JSON_OUTPUT_NAME: report,
      },
    }).catch(() => undefined);
    expect(readReport(report)).toEqual({ passed: 1, failed: 1, skipped: 0 });
    const [failure, ...others] = readFailedTests(report);
    expect(others).toEqual([]);
    expect(failure).toMatch(
      /^sample\.spec\.js:3 › fails: Error: expect\(received\)\.toBe\(expected\)/,
    );
  }, 60_000);

  it('counts a Playwright report, a flaky test (passed on retry) as passed', () => {
    const report = { stats: { expected: 5, unexpected: 1, flaky: 2, skipped: 3 } };
    expect(countsFromReport(report)).toEqual({ passed: 7, failed: 1, skipped: 3 });
  });

  it('says why a report cannot be counted instead of throwing', () => {
    expect(readReport(join(dir, 'missing.json'))).toMatch(/no test report at .*missing\.json/);
    writeFileSync(join(dir, 'cut.json'), '{"numPassedTests": 3');
    expect(readReport(join(dir, 'cut.json'))).toMatch(/cut\.json is not JSON/);
    writeFileSync(join(dir, 'other.json'), '{"tests": []}');
    expect(readReport(join(dir, 'other.json'))).toMatch(/other\.json has no test counts/);
  });
});

describe('the summary line', () => {
  it('splits passed tests into the product and the emulators, adding every step of a suite', () => {
    const totals = newTotals();
    addCounts(totals, 'product', { passed: 500, failed: 0, skipped: 0 });
    addCounts(totals, 'emulators', { passed: 657, failed: 0, skipped: 0 });
    addCounts(totals, 'product', { passed: 148, failed: 0, skipped: 0 });
    expect(summaryLine(totals)).toBe('1305 passed (product 648, emulators 657), 0 failed');
  });

  it('splits failures and skips by suite when there are any', () => {
    const totals = newTotals();
    addCounts(totals, 'product', { passed: 10, failed: 2, skipped: 0 });
    addCounts(totals, 'emulators', { passed: 20, failed: 1, skipped: 4 });
    expect(summaryLine(totals)).toBe(
      '30 passed (product 10, emulators 20), 3 failed (product 2, emulators 1), ' +
        '4 skipped (product 0, emulators 4)',
    );
  });
});
