import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { SAMPLE_PRODUCTION_ENV } from '../../scripts/lib/sample-firebase-config';
import { envFileValues, findSecrets, type SecretScanOptions } from './secret-scanner';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const distDir = join(repoRoot, 'dist');

const scanOptions: SecretScanOptions = {
  // The Firebase web API key only identifies the project (it is public by design), so the build's own may appear.
  allowed: new Set([
    ...envFileValues(repoRoot, 'VITE_FIREBASE_API_KEY'),
    process.env.VITE_FIREBASE_API_KEY ?? '',
    SAMPLE_PRODUCTION_ENV.VITE_FIREBASE_API_KEY,
  ]),
  forbiddenValues: ['GEMINI_API_KEY', 'FIREBASE_TOKEN']
    .map((name) => process.env[name] ?? '')
    .filter((value) => value.length >= 8),
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('production bundle (dist/)', () => {
  test('contains no private key, service-account credential or Google API key other than the Firebase web config', () => {
    expect(
      existsSync(join(distDir, 'index.html')),
      'dist/index.html is missing: `npm test` builds the production bundle (with the sample config in scripts/lib/sample-firebase-config.ts) before the integration tests; or run `npm run build` with your own config',
    ).toBe(true);
    const files = filesUnder(distDir);
    expect(
      files.filter((file) => file.endsWith('.js')).length,
      'dist/ holds no JavaScript: the build is incomplete',
    ).toBeGreaterThan(0);
    const findings = files.flatMap((file) =>
      findSecrets(readFileSync(file, 'latin1'), scanOptions).map(
        (finding) => `${relative(repoRoot, file)}: ${finding}`,
      ),
    );
    expect(findings).toEqual([]);
  });
});

describe('the secret scanner', () => {
  // Assembled at run time so that this file never holds a key-shaped literal itself.
  const fakeGoogleKey = ['AIza', 'Sy', 'D3m0'.repeat(8), 'x'].join('');
  const pemHeader = ['-----BEGIN', 'PRIVATE KEY-----'].join(' ');

  test.each([
    ['a private key', `${pemHeader}\nMIIEvQIBADANBg\n-----END PRIVATE KEY-----`],
    [
      'a service account file',
      '{"type": "service_account", "project_id": "p", "private_key_id": "abc"}',
    ],
    ['a service-account e-mail', 'sa = "api-runner@demo-p.iam.gserviceaccount.com"'],
    ['a Google API key', `const key = "${fakeGoogleKey}";`],
  ])('flags %s', (_name, leaked) => {
    expect(
      findSecrets(`bundle();${leaked};more()`, { allowed: new Set(), forbiddenValues: [] }),
    ).not.toEqual([]);
  });

  test("lets the build's own Firebase web API key through, but no other key", () => {
    const otherKey = fakeGoogleKey.replace('D3m0', 'Othr');
    const options = { allowed: new Set([fakeGoogleKey]), forbiddenValues: [] };
    expect(findSecrets(`init({apiKey:"${fakeGoogleKey}"})`, options)).toEqual([]);
    expect(
      findSecrets(`init({apiKey:"${fakeGoogleKey}"});gemini("${otherKey}")`, options),
    ).toHaveLength(1);
  });

  test('flags the value of a server-side secret whatever its shape', () => {
    expect(
      findSecrets('fetch(u,{headers:{k:"sk-live-123456789"}})', {
        allowed: new Set(),
        forbiddenValues: ['sk-live-123456789'],
      }),
    ).toHaveLength(1);
  });
});
