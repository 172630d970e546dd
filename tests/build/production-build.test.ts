/**
 * `npm run build` (mode production) with a sample config from the environment:
 * the bundle carries that config and nothing of the emulators, the CSP the
 * deploy ships lets the app reach exactly its database and bucket, and a
 * missing variable stops the build by name.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  withContentSecurityPolicy,
  type FirebaseJson,
} from '../../scripts/lib/content-security-policy';
import { productionFirebaseConfig } from '../../scripts/lib/firebase-web-config';
import { SAMPLE_PRODUCTION_ENV } from '../../scripts/lib/sample-firebase-config';
import { repoRoot } from '../../scripts/lib/stack';
import { bundleText, demoIds, emulatorWiring, localUrls } from './bundle-scan';

const outDirs: string[] = [];

/** `vite build` with only `env`'s VITE_ variables set (an empty value hides a local .env file's). */
function viteBuild(mode: string, env: Record<string, string>) {
  const outDir = mkdtempSync(join(tmpdir(), `challangex-${mode}-build-`));
  outDirs.push(outDir);
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('VITE_')),
  );
  const run = spawnSync(
    join(repoRoot, 'node_modules/.bin/vite'),
    ['build', '--mode', mode, '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: repoRoot, env: { ...inherited, ...env }, encoding: 'utf8', timeout: 180_000 },
  );
  return { status: run.status, output: `${run.stdout}\n${run.stderr}`, outDir };
}

let production: string;
let emulators: string;

beforeAll(() => {
  const build = viteBuild('production', SAMPLE_PRODUCTION_ENV);
  expect(build.status, build.output).toBe(0);
  production = bundleText(build.outDir);
  // The checks below must find something in a bundle that is wired to the emulators.
  const control = viteBuild('emulators', {});
  expect(control.status, control.output).toBe(0);
  emulators = bundleText(control.outDir);
}, 300_000);

afterAll(() => {
  for (const dir of outDirs) rmSync(dir, { recursive: true, force: true });
});

describe('a production build', () => {
  test('bakes in the configured project', () => {
    expect(production).toContain(SAMPLE_PRODUCTION_ENV.VITE_FIREBASE_PROJECT_ID);
    expect(production).toContain(SAMPLE_PRODUCTION_ENV.VITE_FIREBASE_DATABASE_URL);
    expect(production).toContain(SAMPLE_PRODUCTION_ENV.VITE_FIREBASE_API_KEY);
  });

  test('has no emulator wiring (an emulators-mode build does)', () => {
    expect(emulatorWiring(emulators)).toEqual(
      expect.arrayContaining(['VITE_USE_EMULATORS', 'You are using the Auth Emulator']),
    );
    expect(emulatorWiring(production)).toEqual([]);
  });

  test('has no demo- project or key (an emulators-mode build does)', () => {
    expect(demoIds(emulators)).toEqual(expect.arrayContaining(['demo-challangex', 'demo-api-key']));
    expect(demoIds(production)).toEqual([]);
  });

  test("refuses plain-http images from this machine (an emulator build's allowance, src/lib/safe-urls.ts)", () => {
    // The list's literal, whatever quotes the minifier chose (it writes template literals).
    const loopbackList = /["'`]127\.0\.0\.1["'`],["'`]localhost["'`],["'`]\[::1\]["'`]/;
    expect(emulators).toMatch(loopbackList);
    expect(production).not.toMatch(loopbackList);
  });

  test("the service worker caches Storage images of the project's bucket only", () => {
    const bucket = SAMPLE_PRODUCTION_ENV.VITE_FIREBASE_STORAGE_BUCKET.replaceAll('.', '\\.');
    expect(production).toContain(`firebasestorage\\.googleapis\\.com)\\/v0\\/b\\/${bucket}\\/o\\/`);
    // Not the path alone, which any host can imitate.
    expect(production).not.toContain('/^\\/v0\\/b\\/');
  });

  test('has no local push service (an emulators-mode build takes its subscriptions there: src/services/web-push.ts)', () => {
    // Its port, and the request that mints a subscription there (the name of the device-storage key that keeps
    // one is in every build's scheme: a name, no code that uses it).
    const localPush = /127\.0\.0\.1:9330|\b9330\b|\/subscriptions\b/g;
    expect(emulators.match(localPush)).toEqual(expect.arrayContaining(['9330', '/subscriptions']));
    expect(production.match(localPush)).toBeNull();
  });

  test('has no URL of a local server', () => {
    expect(localUrls('fetch(`http://127.0.0.1:9000/x.json`)')).toHaveLength(1);
    expect(localUrls(production)).toEqual([]);
  });

  test.each([['VITE_FIREBASE_DATABASE_URL'], ['VITE_FIREBASE_API_KEY']] as const)(
    'without %s stops and names it',
    (missing) => {
      const build = viteBuild('production', { ...SAMPLE_PRODUCTION_ENV, [missing]: '' });
      expect(build.status).not.toBe(0);
      expect(build.output).toContain(`${missing} is not set`);
      const others = Object.keys(SAMPLE_PRODUCTION_ENV).filter((name) => name !== missing);
      for (const name of others) expect(build.output).not.toContain(`${name} is not set`);
    },
  );

  test('with the emulators or a demo- project stops and says why', () => {
    const build = viteBuild('production', {
      ...SAMPLE_PRODUCTION_ENV,
      VITE_FIREBASE_PROJECT_ID: 'demo-challangex',
      VITE_USE_EMULATORS: 'true',
    });
    expect(build.status).not.toBe(0);
    expect(build.output).toMatch(/VITE_USE_EMULATORS is "true"/);
    expect(build.output).toMatch(/VITE_FIREBASE_PROJECT_ID is "demo-challangex"/);
  });
});

/** Whether a CSP source list lets the page fetch `url` (host wildcards and path prefixes, as browsers match them). */
function cspAllows(sources: readonly string[], url: string): boolean {
  const target = new URL(url);
  return sources.some((source) => {
    const match = /^(\w+):\/\/(\*\.)?([^/]+)(\/.*)?$/.exec(source);
    if (!match) return false;
    const [, scheme, wildcard, host, path = ''] = match;
    if (`${scheme}:` !== target.protocol) return false;
    const hostMatches = wildcard ? target.hostname.endsWith(`.${host}`) : target.hostname === host;
    const pathMatches = path.endsWith('/')
      ? target.pathname.startsWith(path)
      : !path || target.pathname === path;
    return hostMatches && pathMatches;
  });
}

function deployedConnectSources(env: Record<string, string>): string[] {
  const firebaseJson: FirebaseJson = JSON.parse(
    readFileSync(join(repoRoot, 'firebase.json'), 'utf8'),
  );
  const deployed = withContentSecurityPolicy(firebaseJson, productionFirebaseConfig(env));
  const everyPage = deployed.hosting.headers?.find((rule) => rule.source === '**');
  const csp = everyPage?.headers.find((header) => header.key === 'Content-Security-Policy');
  const connect = csp?.value.split(';').find((part) => part.trim().startsWith('connect-src'));
  return connect?.trim().split(/\s+/).slice(1) ?? [];
}

describe('the Content-Security-Policy npm run deploy ships', () => {
  test.each([
    ['a regional database', SAMPLE_PRODUCTION_ENV],
    [
      'a us-central1 database',
      {
        ...SAMPLE_PRODUCTION_ENV,
        VITE_FIREBASE_DATABASE_URL: 'https://challangex-sample-default-rtdb.firebaseio.com',
        VITE_FIREBASE_STORAGE_BUCKET: 'challangex-sample.appspot.com',
      },
    ],
  ])('lets %s, its servers and the bucket in, and no other', (_kind, env) => {
    const sources = deployedConnectSources(env);
    const database = new URL(env.VITE_FIREBASE_DATABASE_URL);
    const zone = database.hostname.split('.').slice(1).join('.');
    const bucket = env.VITE_FIREBASE_STORAGE_BUCKET;
    const storage = 'https://firebasestorage.googleapis.com/v0/b';
    for (const allowed of [
      `${database.origin}/feed.json`,
      `wss://${database.hostname}/.ws?v=5`,
      `wss://s-euw1b-nss-200.${zone}/.ws?v=5`,
      `${storage}/${bucket}/o?name=proofs%2Fa.jpg`,
    ]) {
      expect(cspAllows(sources, allowed), allowed).toBe(true);
    }
    const otherZone =
      zone === 'firebaseio.com' ? 'europe-west1.firebasedatabase.app' : 'firebaseio.com';
    for (const refused of [
      `https://other-db.${otherZone}/feed.json`,
      `wss://other-db.${otherZone}/.ws`,
      `https://other-db.us-east1.firebasedatabase.app/feed.json`,
      `${storage}/other-bucket.firebasestorage.app/o?name=x`,
      `https://storage.googleapis.com/${bucket}/x`,
      'https://evil.example/collect',
    ]) {
      expect(cspAllows(sources, refused), refused).toBe(false);
    }
  });

  test('the bundle and the policy come from the same config: the built database and bucket are allowed', () => {
    const sources = deployedConnectSources(SAMPLE_PRODUCTION_ENV);
    const builtDatabase = /VITE_FIREBASE_DATABASE_URL:[`"']([^`"']+)/.exec(production)?.[1];
    const builtBucket = /VITE_FIREBASE_STORAGE_BUCKET:[`"']([^`"']+)/.exec(production)?.[1];
    expect(builtDatabase).toBe(SAMPLE_PRODUCTION_ENV.VITE_FIREBASE_DATABASE_URL);
    expect(cspAllows(sources, `${builtDatabase}/x.json`)).toBe(true);
    expect(
      cspAllows(sources, `https://firebasestorage.googleapis.com/v0/b/${builtBucket}/o/x`),
    ).toBe(true);
  });
});
