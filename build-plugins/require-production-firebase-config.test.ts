// @vitest-environment node
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { resolveConfig } from 'vite';
import { SAMPLE_PRODUCTION_ENV } from '../scripts/lib/sample-firebase-config.ts';
import { requireProductionFirebaseConfig } from './require-production-firebase-config.ts';
import { removeProjects, writeProject } from './test-project.ts';

// Only the project's .env files count: hide any VITE_ variable of the shell running the tests.
beforeEach(() => {
  for (const name of Object.keys(process.env).filter((key) => key.startsWith('VITE_'))) {
    vi.stubEnv(name, undefined);
  }
});
afterEach(() => {
  vi.unstubAllEnvs();
  removeProjects();
});

const dotEnv = (env: Record<string, string>) =>
  Object.entries(env)
    .map(([name, value]) => `${name}=${value}`)
    .join('\n');

/** Vite's config for `command` in `mode`, in a project whose .env.production holds `env`. */
function resolveWith(env: Record<string, string>, command: 'build' | 'serve', mode: string) {
  const root = writeProject({ '.env.production': dotEnv(env) });
  return resolveConfig(
    { configFile: false, root, logLevel: 'silent', plugins: [requireProductionFirebaseConfig()] },
    command,
    mode,
  );
}

const withoutAppId = { ...SAMPLE_PRODUCTION_ENV, VITE_FIREBASE_APP_ID: '' };

describe('requireProductionFirebaseConfig', () => {
  test('lets a production build with a complete config through', async () => {
    const config = await resolveWith(SAMPLE_PRODUCTION_ENV, 'build', 'production');
    expect(config.env.VITE_FIREBASE_PROJECT_ID).toBe(
      SAMPLE_PRODUCTION_ENV.VITE_FIREBASE_PROJECT_ID,
    );
  });

  test('stops a production build, naming only what is missing', async () => {
    const resolving = resolveWith(withoutAppId, 'build', 'production');
    await expect(resolving).rejects.toThrow('VITE_FIREBASE_APP_ID is not set');
    await expect(resolving).rejects.not.toThrow('VITE_FIREBASE_API_KEY');
  });

  test('stops a production build wired to the emulators or a demo- project', async () => {
    const resolving = resolveWith(
      { ...SAMPLE_PRODUCTION_ENV, VITE_USE_EMULATORS: 'true', VITE_FIREBASE_PROJECT_ID: 'demo-x' },
      'build',
      'production',
    );
    await expect(resolving).rejects.toThrow(/VITE_USE_EMULATORS is "true"/);
    await expect(resolving).rejects.toThrow(/VITE_FIREBASE_PROJECT_ID is "demo-x"/);
  });

  test('leaves other modes and the dev server alone', async () => {
    await expect(resolveWith(withoutAppId, 'build', 'emulators')).resolves.toBeDefined();
    await expect(resolveWith(withoutAppId, 'serve', 'production')).resolves.toBeDefined();
  });
});
