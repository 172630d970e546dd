/**
 * `npm run deploy` refuses, before building or deploying anything, to deploy
 * to a demo- project, without a project, or with an incomplete config.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, describe, expect, test } from 'vitest';
import { SAMPLE_PRODUCTION_ENV } from '../../scripts/lib/sample-firebase-config';
import { repoRoot } from '../../scripts/lib/stack';

// No Firebase login and no Google credentials: even a regression could not reach a real project.
const home = mkdtempSync(`${tmpdir()}/challangex-deploy-home-`);
afterAll(() => rmSync(home, { recursive: true, force: true }));

function deploy(env: Record<string, string>, args: string[] = []) {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) =>
        !name.startsWith('VITE_') &&
        !['FIREBASE_TOKEN', 'GOOGLE_APPLICATION_CREDENTIALS'].includes(name),
    ),
  );
  const run = spawnSync('npm', ['run', '--silent', 'deploy', '--', ...args], {
    cwd: repoRoot,
    env: { ...inherited, HOME: home, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  const output = `${run.stdout}\n${run.stderr}`;
  // Every build or deploy step announces itself with "━━"; a refusal comes before the first.
  expect(output).not.toContain('━━');
  return { status: run.status, output };
}

describe('npm run deploy', () => {
  test('refuses a demo- project from the config', () => {
    const { status, output } = deploy({
      ...SAMPLE_PRODUCTION_ENV,
      VITE_FIREBASE_PROJECT_ID: 'demo-challangex',
    });
    expect(status).not.toBe(0);
    expect(output).toContain('refusing to deploy to "demo-challangex"');
    expect(output).toMatch(/demo- projects exist only in the local emulators/);
  });

  test('refuses a demo- project given with --project', () => {
    const { status, output } = deploy(SAMPLE_PRODUCTION_ENV, ['--project', 'demo-other']);
    expect(status).not.toBe(0);
    expect(output).toContain('refusing to deploy to "demo-other"');
  });

  test('refuses to run without a project and says where to set it', () => {
    const { status, output } = deploy({ ...SAMPLE_PRODUCTION_ENV, VITE_FIREBASE_PROJECT_ID: '' });
    expect(status).not.toBe(0);
    expect(output).toMatch(/no Firebase project to deploy to.*VITE_FIREBASE_PROJECT_ID/);
  });

  test('refuses a project other than the one the bundle is built for', () => {
    const { status, output } = deploy(SAMPLE_PRODUCTION_ENV, ['--project', 'someone-else']);
    expect(status).not.toBe(0);
    expect(output).toContain(
      '--project someone-else is not the project the bundle would be built for',
    );
  });

  test('refuses an incomplete config and names what is missing', () => {
    const { status, output } = deploy({ ...SAMPLE_PRODUCTION_ENV, VITE_FIREBASE_APP_ID: '' });
    expect(status).not.toBe(0);
    expect(output).toContain('VITE_FIREBASE_APP_ID is not set');
    expect(output).not.toContain('VITE_FIREBASE_API_KEY is not set');
  });
});
