import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  withContentSecurityPolicy,
  type FirebaseJson,
} from '../../scripts/lib/content-security-policy';
import { productionFirebaseConfig } from '../../scripts/lib/firebase-web-config';
import { SAMPLE_PRODUCTION_ENV } from '../../scripts/lib/sample-firebase-config';

const repoFile = (name: string) => readFileSync(new URL(`../../${name}`, import.meta.url), 'utf8');
// What `npm run deploy` ships: firebase.json with the policy derived from the project's config.
const checkedIn: FirebaseJson = JSON.parse(repoFile('firebase.json'));
const { hosting } = withContentSecurityPolicy(
  checkedIn,
  productionFirebaseConfig(SAMPLE_PRODUCTION_ENV),
);

/** The headers Hosting sends with every response (the rule whose source is "**"). */
function headersForEveryPage(): Map<string, string> {
  const rule = hosting.headers?.find((r) => r.source === '**');
  return new Map((rule?.headers ?? []).map(({ key, value }) => [key.toLowerCase(), value]));
}

function cspDirectives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name.toLowerCase(), sources]),
  );
}

const headers = headersForEveryPage();
const csp = cspDirectives(headers.get('content-security-policy') ?? '');
const sources = (directive: string) => csp.get(directive) ?? csp.get('default-src') ?? [];

describe('hosting headers (firebase.json as npm run deploy ships it)', () => {
  test('sends a Content-Security-Policy on every page', () => {
    expect(headers.get('content-security-policy')).toBeTruthy();
    expect(csp.get('default-src')).toEqual(["'self'"]);
  });

  test('the CSP allows no inline, eval-ed or data: script and no wildcard script host', () => {
    const scripts = sources('script-src');
    expect(scripts).toContain("'self'");
    for (const unsafe of [
      "'unsafe-inline'",
      "'unsafe-eval'",
      "'unsafe-hashes'",
      'data:',
      'blob:',
      '*',
      'https:',
      'http:',
    ]) {
      expect(scripts).not.toContain(unsafe);
    }
  });

  test.each([
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['frame-ancestors', "'none'"],
  ])('the CSP sets %s %s', (directive, value) => {
    expect(csp.get(directive)).toEqual([value]);
  });

  test.each([
    'https://identitytoolkit.googleapis.com',
    'https://securetoken.googleapis.com',
    'https://firebasestorage.googleapis.com/v0/b/challangex-sample.firebasestorage.app/',
    'https://*.europe-west1.firebasedatabase.app',
    'wss://*.europe-west1.firebasedatabase.app',
  ])('connect-src allows the Firebase endpoint %s', (endpoint) => {
    expect(sources('connect-src')).toContain(endpoint);
  });

  test("connect-src allows nothing beyond this origin and the project's Firebase endpoints", () => {
    expect(sources('connect-src')).toHaveLength(6);
    expect(sources('connect-src').filter((source) => source.includes('*'))).toEqual([
      'https://*.europe-west1.firebasedatabase.app',
      'wss://*.europe-west1.firebasedatabase.app',
    ]);
  });

  test('frames only the auth domain and Google accounts', () => {
    expect(sources('frame-src')).toEqual([
      'https://challangex-sample.firebaseapp.com',
      'https://accounts.google.com',
    ]);
  });

  test('the checked-in firebase.json leaves the policy to the deploy (one definition)', () => {
    const checkedIn = repoFile('firebase.json');
    expect(checkedIn).not.toMatch(/Content-Security-Policy/i);
  });

  test('HSTS lasts at least a year and covers subdomains', () => {
    const hsts = headers.get('strict-transport-security') ?? '';
    const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0);
    expect(maxAge).toBeGreaterThanOrEqual(31_536_000);
    expect(hsts).toMatch(/includeSubDomains/i);
  });

  test('forbids MIME sniffing', () => {
    expect(headers.get('x-content-type-options')).toBe('nosniff');
  });

  test('sends a Referrer-Policy that never leaks full URLs to other origins', () => {
    expect([
      'no-referrer',
      'same-origin',
      'strict-origin',
      'strict-origin-when-cross-origin',
    ]).toContain(headers.get('referrer-policy'));
  });

  test('Permissions-Policy lets only this origin use the camera (proof photos) and nobody the microphone or location', () => {
    const policy = headers.get('permissions-policy') ?? '';
    expect(policy).toMatch(/(^|,\s*)camera=\(self\)/);
    expect(policy).toMatch(/(^|,\s*)microphone=\(\)/);
    expect(policy).toMatch(/(^|,\s*)geolocation=\(\)/);
  });

  test('the page shell has no inline script the CSP would block', () => {
    const html = repoFile('index.html');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });
});
