/**
 * `npm test`: every check the project has, in order, on a fresh machine (Chromium is found
 * or installed first). Each step runs even if an earlier one failed, so one run shows every
 * failure; the exit code is non-zero if any step failed or ran no test. Ctrl-C or SIGTERM
 * stops the step under way (and what it started) and says which step it was.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium } from './lib/find-chromium';
import { startProcess } from './lib/processes';
import { exitAfterCleanup, handleShutdown, shuttingDown, step as namedStep } from './lib/shutdown';
import { SAMPLE_PRODUCTION_ENV } from './lib/sample-firebase-config';
import { repoRoot } from './lib/stack';

handleShutdown('npm test');

const results = join(repoRoot, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

interface Step {
  name: string;
  command: string[];
  env?: Record<string, string>;
  /** Where the step's runner writes its JSON report, to count tests. */
  report?: string;
}

const bin = (name: string) => join(repoRoot, 'node_modules/.bin', name);
const vitestJson = (file: string) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(results, file)}`,
];

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
    report: 'unit.json',
  },
  {
    name: 'production build (sample Firebase config)',
    command: [bin('vite'), 'build', '--mode', 'production', '--logLevel', 'warn'],
    env: SAMPLE_PRODUCTION_ENV,
  },
  {
    name: 'integration tests (emulator conformance, rules, API, security, bundle)',
    command: [
      bin('vitest'),
      'run',
      '--project',
      'integration',
      ...processChecks.flatMap((file) => ['--exclude', file]),
      ...vitestJson('integration.json'),
    ],
    report: 'integration.json',
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
    report: 'process-checks.json',
  },
  {
    name: 'end-to-end tests (Chromium)',
    command: [bin('playwright'), 'test'],
    env: { CI: 'true' },
    report: 'e2e.json',
  },
];

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

function countTests(report: string): Counts | null {
  const file = join(results, report);
  if (!existsSync(file)) return null;
  const json = JSON.parse(readFileSync(file, 'utf8'));
  if ('numPassedTests' in json) {
    return {
      passed: json.numPassedTests,
      failed: json.numFailedTests,
      skipped: json.numPendingTests + json.numTodoTests,
    };
  }
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = json.stats ?? {};
  return { passed: expected + flaky, failed: unexpected, skipped };
}

const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const failedSteps: string[] = [];

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
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  // Interrupted: the shutdown under way says so and exits; no summary, no next step.
  if (shuttingDown()) await exitAfterCleanup('', 1);
  let ok = code === 0;
  if (step.report) {
    const counts = countTests(step.report);
    if (!counts || counts.passed === 0) ok = false;
    if (counts && counts.skipped > 0) {
      console.log(
        `✗ ${step.name}: ${counts.skipped} skipped test(s); a skipped test proves nothing`,
      );
      ok = false;
    }
    if (counts) {
      total.passed += counts.passed;
      total.failed += counts.failed;
      total.skipped += counts.skipped;
    }
  }
  console.log(`${ok ? '✓' : '✗'} ${step.name} (${seconds} s)`);
  if (!ok) failedSteps.push(step.name);
}

console.log('\n━━ summary');
if (failedSteps.length > 0) console.log(`failed steps: ${failedSteps.join('; ')}`);
console.log(
  `${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
);
process.exit(failedSteps.length > 0 ? 1 : 0);
