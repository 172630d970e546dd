import { existsSync, readFileSync } from 'node:fs';
import { parse as parseHtml, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, test } from 'vitest';
import {
  anyProjectContentSecurityPolicy,
  contentSecurityPolicy,
  contentSecurityPolicyDirectives,
  withContentSecurityPolicy,
  type FirebaseJson,
} from '../../scripts/lib/content-security-policy';
import { emulatorHostingHeaders } from '../../scripts/lib/served-hosting-headers';
import { productionFirebaseConfig } from '../../scripts/lib/firebase-web-config';
import { SAMPLE_PRODUCTION_ENV } from '../../scripts/lib/sample-firebase-config';

type Element = DefaultTreeAdapterMap['element'];
type ParentNode = DefaultTreeAdapterMap['parentNode'];
type ChildNode = DefaultTreeAdapterMap['childNode'];

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

  test("replaces the checked-in policy for any project with the project's own, once", () => {
    const rule = hosting.headers?.find((r) => r.source === '**');
    const policies = rule?.headers.filter(({ key }) => /^content-security-policy$/i.test(key));
    expect(policies?.map(({ value }) => value)).toEqual([
      contentSecurityPolicy(productionFirebaseConfig(SAMPLE_PRODUCTION_ENV)),
    ]);
    expect(headers.get('content-security-policy')).not.toBe(anyProjectContentSecurityPolicy());
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
});

/**
 * Does a CSP source admit a URL (or a narrower source)? Scheme, host (a leading "*." matches any
 * subdomain) and path (one ending in "/" matches what is under it), as CSP Level 3 matches them.
 */
function sourceAdmits(source: string, target: string): boolean {
  const parse = (value: string) => {
    const match = /^([a-z]+):\/\/([^/]+)(\/.*)?$/.exec(value);
    return match ? { scheme: match[1], host: match[2], path: match[3] ?? '' } : undefined;
  };
  const from = parse(source);
  const to = parse(target.replace('://*.', '://s-any.'));
  if (!from || !to || from.scheme !== to.scheme) return false;
  const hostMatches = from.host.startsWith('*.')
    ? to.host.endsWith(from.host.slice(1))
    : to.host === from.host;
  const pathMatches =
    !from.path || (from.path.endsWith('/') ? to.path.startsWith(from.path) : to.path === from.path);
  return hostMatches && pathMatches;
}

describe('firebase.json as checked in (a plain firebase deploy, a preview channel, a CI action)', () => {
  const rule = checkedIn.hosting.headers?.find((r) => r.source === '**');
  const policy = rule?.headers.find(({ key }) => key === 'Content-Security-Policy')?.value ?? '';
  const anyProject = cspDirectives(policy);

  test('carries the policy for any project, as scripts/lib/content-security-policy.ts defines it', () => {
    expect(policy).toBe(anyProjectContentSecurityPolicy());
  });

  test.each([
    ['a regional database', SAMPLE_PRODUCTION_ENV],
    [
      'a us-central1 database and an appspot.com bucket',
      {
        ...SAMPLE_PRODUCTION_ENV,
        VITE_FIREBASE_PROJECT_ID: 'another-project',
        VITE_FIREBASE_AUTH_DOMAIN: 'another-project.firebaseapp.com',
        VITE_FIREBASE_DATABASE_URL: 'https://another-project-default-rtdb.firebaseio.com',
        VITE_FIREBASE_STORAGE_BUCKET: 'another-project.appspot.com',
      },
    ],
  ])('admits everything the policy derived for %s admits', (_name, env) => {
    const derived = contentSecurityPolicyDirectives(productionFirebaseConfig(env));
    for (const [directive, needed] of derived) {
      const granted = anyProject.get(directive) ?? [];
      for (const source of needed) {
        expect(
          granted.includes(source) || granted.some((grant) => sourceAdmits(grant, source)),
          `${directive} ${source}`,
        ).toBe(true);
      }
    }
  });

  test('is as strict as the derived one for scripts, objects, frames of this page and bases', () => {
    for (const directive of [
      'default-src',
      'script-src',
      'object-src',
      'base-uri',
      'frame-ancestors',
    ])
      expect(anyProject.get(directive), directive).toEqual(csp.get(directive));
    expect(anyProject.get('connect-src')).not.toContain('https:');
    expect(anyProject.get('connect-src')).not.toContain('*');
  });
});

/** The built page shell `npm test` serves and deploys (built before the integration tests). */
function builtIndexElements(): Element[] {
  const path = new URL('../../dist/index.html', import.meta.url);
  if (!existsSync(path)) {
    throw new Error(
      'dist/index.html is missing: `npm test` builds the production bundle (with the sample config in ' +
        'scripts/lib/sample-firebase-config.ts) before the integration tests; or run `npm run build`',
    );
  }
  const found: Element[] = [];
  const visit = (node: ParentNode | ChildNode) => {
    if ('tagName' in node) found.push(node);
    if ('childNodes' in node) node.childNodes.forEach(visit);
    if ('content' in node) visit(node.content);
  };
  visit(parseHtml(readFileSync(path, 'utf8')));
  return found;
}

const attribute = (element: Element, name: string) =>
  element.attrs.find((attr) => attr.name === name)?.value;
const sameOrigin = (url: string | undefined) =>
  !!url && url.startsWith('/') && !url.startsWith('//');

describe('the built page shell (dist/index.html) under that policy', () => {
  const elements = builtIndexElements();

  test('loads its scripts from this origin only, none of them inline', () => {
    const scripts = elements.filter((element) => element.tagName === 'script');
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(
        sameOrigin(attribute(script, 'src')),
        `<script src="${attribute(script, 'src')}">`,
      ).toBe(true);
      expect(script.childNodes).toEqual([]);
    }
  });

  test('has no inline event handler or javascript: URL', () => {
    const handlers = elements.flatMap((element) =>
      element.attrs
        .filter(({ name, value }) => /^on/i.test(name) || /^\s*javascript:/i.test(value))
        .map(({ name }) => `<${element.tagName} ${name}>`),
    );
    expect(handlers).toEqual([]);
  });

  test('preloads, styles and icons come from this origin (the favicon may be inline, as img-src allows)', () => {
    const links = elements.filter((element) => element.tagName === 'link');
    expect(links.some((link) => attribute(link, 'rel') === 'stylesheet')).toBe(true);
    const inlineIcon = (link: Element) =>
      attribute(link, 'rel') === 'icon' &&
      !!attribute(link, 'href')?.startsWith('data:image/svg+xml,') &&
      sources('img-src').includes('data:');
    for (const link of links) {
      expect(
        sameOrigin(attribute(link, 'href')) || inlineIcon(link),
        `<link href="${attribute(link, 'href')}">`,
      ).toBe(true);
    }
  });

  test('sets no policy of its own in a <meta> (the hosting header is the one definition)', () => {
    const metaPolicies = elements.filter(
      (element) =>
        element.tagName === 'meta' &&
        /content-security-policy/i.test(attribute(element, 'http-equiv') ?? ''),
    );
    expect(metaPolicies).toEqual([]);
  });
});

describe('the emulator variant the e2e tests are served with', () => {
  const env = {
    VITE_FIREBASE_PROJECT_ID: 'demo-challangex-e2e',
    VITE_AUTH_EMULATOR_PORT: '41001',
    VITE_DATABASE_EMULATOR_PORT: '41002',
    VITE_STORAGE_EMULATOR_PORT: '41003',
  };
  const served = emulatorHostingHeaders(env, checkedIn);
  const emulatorConfig = {
    authDomain: 'demo-challangex-e2e.firebaseapp.com',
    databaseURL: 'https://demo-challangex-e2e-default-rtdb.firebaseio.com',
    storageBucket: 'demo-challangex-e2e.appspot.com',
  };

  test('sends every header of firebase.json\'s "**" rule unchanged, its policy replaced', () => {
    const rule = checkedIn.hosting.headers?.find((r) => r.source === '**');
    expect(rule?.headers.length).toBeGreaterThan(1);
    for (const { key, value } of rule?.headers ?? [])
      if (key !== 'Content-Security-Policy') expect(served[key]).toBe(value);
    expect(served['Content-Security-Policy']).toBe(
      contentSecurityPolicy(emulatorConfig, {
        host: '127.0.0.1',
        authPort: 41001,
        databasePort: 41002,
        storagePort: 41003,
      }),
    );
    expect(Object.keys(served)).toHaveLength(rule?.headers.length ?? 0);
  });

  test('is the deployed policy plus the emulator hosts, nothing else changed', () => {
    const deployed = new Map(contentSecurityPolicyDirectives(emulatorConfig));
    const local = cspDirectives(served['Content-Security-Policy']);
    const added = (directive: string) =>
      (local.get(directive) ?? []).filter((source) => !deployed.get(directive)?.includes(source));
    expect(added('connect-src')).toEqual([
      'http://127.0.0.1:41001',
      'http://127.0.0.1:41003',
      'http://127.0.0.1:41002',
      'ws://127.0.0.1:41002',
    ]);
    expect(added('img-src')).toEqual(['http://127.0.0.1:41003']);
    const unchanged = [...deployed.keys()].filter(
      (name) => !['connect-src', 'img-src'].includes(name),
    );
    for (const name of unchanged) expect(local.get(name), name).toEqual(deployed.get(name));
    expect(local.size).toBe(deployed.size);
  });

  test('refuses a header rule for other paths rather than drop it', () => {
    const withAssetRule: FirebaseJson = {
      ...checkedIn,
      hosting: {
        ...checkedIn.hosting,
        headers: [
          ...(checkedIn.hosting.headers ?? []),
          { source: '/assets/**', headers: [{ key: 'Cache-Control', value: 'max-age=31536000' }] },
        ],
      },
    };
    expect(() => emulatorHostingHeaders(env, withAssetRule)).toThrow(/"\/assets\/\*\*"/);
  });

  test('names a missing emulator port', () => {
    expect(() =>
      emulatorHostingHeaders({ ...env, VITE_DATABASE_EMULATOR_PORT: '' }, checkedIn),
    ).toThrow(/VITE_DATABASE_EMULATOR_PORT/);
  });
});
