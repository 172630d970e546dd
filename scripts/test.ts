/**
 * `npm test`: every check the project has, in order, on a fresh machine (Chromium is found
 * or installed first). Each step runs even if an earlier one failed, so one run shows every
 * failure; the exit code is non-zero if any step failed or ran no test. Ctrl-C or SIGTERM
 * stops the step under way (and what it started) and says which step it was. The summary counts
 * the product's tests and the emulators package's own tests separately.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './lib/find-chromium';
import { ensureFunctionsNode } from './lib/functions-runtime';
import { startProcess } from './lib/processes';
import { exitAfterCleanup, handleShutdown, shuttingDown, step as namedStep } from './lib/shutdown';
import { SAMPLE_PRODUCTION_ENV } from './lib/sample-firebase-config';
import { repoRoot } from './lib/stack';
import {
  addCounts,
  newTotals,
  readFailedTests,
  readReport,
  summaryLine,
  type Suite,
} from './lib/test-summary';

handleShutdown('npm test');
const runStarted = Date.now();

const results = join(repoRoot, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

interface Step {
  name: string;
  command: string[];
  env?: Record<string, string>;
  /** Where the step's runner writes its JSON report, to count tests, and whose tests they are. */
  report?: { file: string; suite: Suite };
}

const bin = (name: string) => join(repoRoot, 'node_modules/.bin', name);
const vitestJson = (file: string) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(results, file)}`,
];

const API_TESTS = 'tests/api/**';
console.log('\n━━ Node for the API (the functions runtime)');
const functionsNode = ensureFunctionsNode();
const functionsNodeVersion = spawnSync(functionsNode, ['--version'], {
  encoding: 'utf8',
}).stdout.trim();
console.log(`✓ ${functionsNodeVersion}: ${functionsNode}`);

const processChecks = [
  'tests/scripts/dev-stack-crash.test.ts',
  'tests/scripts/bench-clean-exit.test.ts',
];

const steps: Step[] = [
  { name: 'lint and format', command: ['npm', 'run', '--silent', 'lint'] },
  { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
  {
    name: 'unit and component tests',
    command: [bin('vitest'), 'run', '--project', 'unit', ...vitestJson('unit.json')],
    report: { file: 'unit.json', suite: 'product' },
  },
  {
    name: 'production build (sample Firebase config)',
    command: [bin('vite'), 'build', '--mode', 'production', '--logLevel', 'warn'],
    env: SAMPLE_PRODUCTION_ENV,
  },
  {
    // Before the product's integration tests, which all run on these emulators.
    name: 'emulator tests (Firebase SDK conformance, rules engines, persistence)',
    command: [bin('vitest'), 'run', '--project', 'emulators', ...vitestJson('emulators.json')],
    report: { file: 'emulators.json', suite: 'emulators' },
  },
  {
    name: 'integration tests (rules, security, bundle, build)',
    command: [
      bin('vitest'),
      'run',
      '--project',
      'integration',
      ...[...processChecks, API_TESTS].flatMap((file) => ['--exclude', file]),
      ...vitestJson('integration.json'),
    ],
    report: { file: 'integration.json', suite: 'product' },
  },
  {
    // On the Node the deployed function runs on (firebase.json's runtime), not only the host's.
    name: `API tests over HTTP (on Node ${functionsNodeVersion}, the functions runtime)`,
    command: [
      functionsNode,
      join(repoRoot, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--project',
      'integration',
      // A filter is a path prefix, not a glob: 'tests/api/**' matched no file.
      'tests/api/',
      ...vitestJson('api.json'),
    ],
    report: { file: 'api.json', suite: 'product' },
  },
  {
    // Alone and one at a time: the dev stack uses its fixed ports, and both start whole stacks.
    name: 'process checks (dev stack killed hard, bench failing and interrupted)',
    command: [
      bin('vitest'),
      'run',
      '--project',
      'integration',
      '--no-file-parallelism',
      ...processChecks,
      ...vitestJson('process-checks.json'),
    ],
    report: { file: 'process-checks.json', suite: 'product' },
  },
  {
    name: 'end-to-end tests (Chromium)',
    command: [bin('playwright'), 'test'],
    env: { CI: 'true' },
    report: { file: 'e2e.json', suite: 'product' },
  },
];

const totals = newTotals();
const failedSteps: string[] = [];
/** Each step's time, printed as a table at the end: where a run's minutes went, at a glance. */
const stepTimes: Array<{ name: string; seconds: number; ok: boolean }> = [];
const failedTestNames: string[] = [];

console.log('\n━━ Chromium (for the end-to-end and browser tests)');
try {
  // Every step (Playwright, the browser conformance suite) uses the browser found here.
  process.env.CHROMIUM_PATH = ensureChromium({ override: process.env.CHROMIUM_PATH });
  console.log(`✓ Chromium: ${process.env.CHROMIUM_PATH}`);
} catch (error) {
  console.log(`✗ Chromium: ${(error as Error).message}`);
  failedSteps.push('Chromium');
}

for (const step of steps) {
  console.log(`\n━━ ${step.name}`);
  const started = Date.now();
  const code = await namedStep(step.name, () => {
    const [command, ...args] = step.command;
    // SIGINT on Ctrl-C, as from a terminal: Playwright and Vitest then run their teardown.
    const run = startProcess(step.name, command, args, {
      env: step.env,
      inherit: true,
      stopSignal: 'SIGINT',
    });
    return run.exited;
  });
  const seconds = Math.round((Date.now() - started) / 1000);
  // Interrupted: the shutdown under way says so and exits; no summary, no next step.
  if (shuttingDown()) await exitAfterCleanup('', 1);
  let ok = code === 0;
  if (step.report) {
    const counts = readReport(join(results, step.report.file));
    if (typeof counts === 'string') {
      console.log(`✗ ${step.name}: ${counts}`);
      ok = false;
    } else {
      if (counts.passed === 0) ok = false;
      if (counts.skipped > 0) {
        console.log(
          `✗ ${step.name}: ${counts.skipped} skipped test(s); a skipped test proves nothing`,
        );
        ok = false;
      }
      addCounts(totals, step.report.suite, counts);
      failedTestNames.push(...readFailedTests(join(results, step.report.file)));
    }
  }
  console.log(`${ok ? '✓' : '✗'} ${step.name} (${seconds} s)`);
  stepTimes.push({ name: step.name, seconds, ok });
  if (!ok) failedSteps.push(step.name);
}

console.log('\n━━ step times');
const nameWidth = Math.max(...stepTimes.map((time) => time.name.length));
const minutes = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
for (const { name, seconds, ok } of stepTimes)
  console.log(`${ok ? '✓' : '✗'} ${name.padEnd(nameWidth)}  ${minutes(seconds).padStart(6)}`);
console.log(
  `  ${'whole run (set-up included)'.padEnd(nameWidth)}  ${minutes(Math.round((Date.now() - runStarted) / 1000)).padStart(6)}`,
);

console.log('\n━━ summary');
if (failedSteps.length > 0) console.log(`failed steps: ${failedSteps.join('; ')}`);
console.log(summaryLine(totals));
// Named last: CI keeps only the end of the output.
for (const name of failedTestNames) console.log(`✗ ${name}`);
process.exit(failedSteps.length > 0 ? 1 : 0);
