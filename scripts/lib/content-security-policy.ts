/**
 * The Content-Security-Policy Hosting sends with every page, derived from the
 * Firebase web config the bundle was built with, so the browser lets the app
 * reach its own database, bucket and sign-in domain and nothing else.
 * `npm run deploy` writes it into the hosting headers it deploys, in place of the policy for any
 * project that firebase.json carries as checked in; the e2e tests serve the emulator build with the
 * same headers plus the local emulators' hosts.
 */
import { databaseDomain, type FirebaseWebConfig } from './firebase-web-config.ts';

type CspConfig = Pick<FirebaseWebConfig, 'authDomain' | 'databaseURL' | 'storageBucket'>;

/** Where an emulator build's SDKs connect instead of Google (its VITE_*_EMULATOR_* variables). */
export interface LocalEmulators {
  host: string;
  authPort: number;
  databasePort: number;
  storagePort: number;
  /** The local push service (emulators/push/README.md), where an emulator build takes its push subscription. */
  pushPort?: number;
}

/** The Firebase hosts a policy lets the app reach: one project's, or those of any project. */
interface FirebaseHosts {
  /** Where the sign-in iframe and pop-up are served from. */
  authFrames: string[];
  /** The database's hosts (https and wss) and Storage's REST API. */
  endpoints: string[];
}

function projectHosts(config: CspConfig): FirebaseHosts {
  // The database answers on its own host, then moves the WebSocket to a server in the same
  // zone (s-<cluster>.firebaseio.com or s-<cluster>.<region>.firebasedatabase.app).
  const database = databaseDomain(config.databaseURL);
  return {
    authFrames: [`https://${config.authDomain}`],
    endpoints: [
      // Storage's REST API names the bucket in the path; a path ending in / matches what is under it.
      `https://firebasestorage.googleapis.com/v0/b/${config.storageBucket}/`,
      `https://*.${database}`,
      `wss://*.${database}`,
    ],
  };
}

/**
 * What any Firebase project with the default auth domain needs, for firebase.json as checked in: a
 * plain `firebase deploy`, a preview channel or a CI action ships this one; `npm run deploy` replaces
 * it with the tighter policy of the project's own config.
 */
const ANY_PROJECT_HOSTS: FirebaseHosts = {
  authFrames: ['https://*.firebaseapp.com', 'https://*.web.app'],
  endpoints: [
    'https://firebasestorage.googleapis.com/v0/b/',
    'https://*.firebaseio.com',
    'wss://*.firebaseio.com',
    'https://*.firebasedatabase.app',
    'wss://*.firebasedatabase.app',
  ],
};

function directives(hosts: FirebaseHosts, emulators?: LocalEmulators): [string, string[]][] {
  const local = (scheme: 'http' | 'ws', port: Exclude<keyof LocalEmulators, 'host'>) =>
    emulators?.[port] ? [`${scheme}://${emulators.host}:${emulators[port]}`] : [];
  // Download URLs point at the storage emulator's plain-HTTP host (https: covers Google's).
  const localStorage = local('http', 'storagePort');
  const localEndpoints = [
    ...local('http', 'authPort'),
    ...localStorage,
    ...local('http', 'databasePort'),
    ...local('ws', 'databasePort'),
    ...local('http', 'pushPort'),
  ];
  return [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", 'https://apis.google.com']],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', 'https:', ...localStorage]],
    ['font-src', ["'self'", 'data:']],
    [
      'connect-src',
      [
        "'self'",
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
        ...hosts.endpoints,
        ...localEndpoints,
      ],
    ],
    // Sign-in with Google runs in an iframe and pop-up served from the auth domain.
    ['frame-src', [...hosts.authFrames, 'https://accounts.google.com']],
    ['worker-src', ["'self'", 'blob:']],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    // Loopback hosts count as secure and are not upgraded: the local emulators keep plain HTTP.
    ['upgrade-insecure-requests', []],
  ];
}

/**
 * The policy's directives, in order, each with its sources. With `emulators`, the same
 * policy also lets the app reach those local emulators.
 */
export function contentSecurityPolicyDirectives(
  config: CspConfig,
  emulators?: LocalEmulators,
): [string, string[]][] {
  return directives(projectHosts(config), emulators);
}

const serialise = (list: [string, string[]][]) =>
  list.map(([name, sources]) => [name, ...sources].join(' ')).join('; ');

/** The policy firebase.json carries as checked in (tests/security/hosting-headers.test.ts keeps them equal). */
export function anyProjectContentSecurityPolicy(): string {
  return serialise(directives(ANY_PROJECT_HOSTS));
}

export function contentSecurityPolicy(config: CspConfig, emulators?: LocalEmulators): string {
  return serialise(contentSecurityPolicyDirectives(config, emulators));
}

export interface HostingHeaderRule {
  source: string;
  headers: { key: string; value: string }[];
}

/** The parts of firebase.json this module reads; the rest is passed through. */
export interface FirebaseJson {
  hosting: { headers?: HostingHeaderRule[] } & Record<string, unknown>;
  [key: string]: unknown;
}

/**
 * firebase.json as deployed: its "**" header rule's policy becomes the one derived from `config`
 * (and from `emulators`, for a build wired to them).
 */
export function withContentSecurityPolicy(
  firebaseJson: FirebaseJson,
  config: CspConfig,
  emulators?: LocalEmulators,
): FirebaseJson {
  const policy = {
    key: 'Content-Security-Policy',
    value: contentSecurityPolicy(config, emulators),
  };
  const rules = firebaseJson.hosting.headers ?? [];
  if (!rules.some((rule) => rule.source === '**')) {
    throw new Error('firebase.json has no hosting header rule for "**" to add the policy to');
  }
  const headers = rules.map((rule) =>
    rule.source === '**'
      ? {
          ...rule,
          headers: [
            policy,
            ...rule.headers.filter(({ key }) => key.toLowerCase() !== policy.key.toLowerCase()),
          ],
        }
      : rule,
  );
  return { ...firebaseJson, hosting: { ...firebaseJson.hosting, headers } };
}
