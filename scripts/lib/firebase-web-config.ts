/**
 * The Firebase web config a production build bakes into the SPA, read from
 * VITE_* variables (`.env.production.local` or the CI environment; see
 * `.env.example` and docs/deploy.md). Development, tests and the bench build
 * in the `emulators` mode instead (`.env.emulators`), which this never reads.
 */

export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  databaseURL: string;
  storageBucket: string;
  appId: string;
}

/** Each variable a production build needs, with the config field it fills. */
export const PRODUCTION_CONFIG_VARIABLES = {
  VITE_FIREBASE_API_KEY: 'apiKey',
  VITE_FIREBASE_AUTH_DOMAIN: 'authDomain',
  VITE_FIREBASE_PROJECT_ID: 'projectId',
  VITE_FIREBASE_DATABASE_URL: 'databaseURL',
  VITE_FIREBASE_STORAGE_BUCKET: 'storageBucket',
  VITE_FIREBASE_APP_ID: 'appId',
} as const satisfies Record<string, keyof FirebaseWebConfig>;

export type ProductionConfigVariable = keyof typeof PRODUCTION_CONFIG_VARIABLES;

const LOCAL_HOST = /(^|\/\/|\.)(localhost|127\.0\.0\.1|\[::1\])([:/]|$)/i;

/** Every reason `env` cannot configure a production build, one line each; none when it can. */
export function productionConfigProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const missing = Object.keys(PRODUCTION_CONFIG_VARIABLES).filter((name) => !env[name]?.trim());
  for (const name of missing) problems.push(`${name} is not set`);
  if (env.VITE_USE_EMULATORS === 'true') {
    problems.push('VITE_USE_EMULATORS is "true": a production build never talks to the emulators');
  }
  const projectId = env.VITE_FIREBASE_PROJECT_ID?.trim() ?? '';
  if (projectId.startsWith('demo-')) {
    problems.push(
      `VITE_FIREBASE_PROJECT_ID is "${projectId}": demo- projects exist only in the emulators`,
    );
  }
  for (const name of Object.keys(PRODUCTION_CONFIG_VARIABLES)) {
    if (LOCAL_HOST.test(env[name] ?? '')) problems.push(`${name} points at this machine`);
  }
  const databaseURL = env.VITE_FIREBASE_DATABASE_URL?.trim();
  if (databaseURL && !missing.includes('VITE_FIREBASE_DATABASE_URL')) {
    try {
      databaseDomain(databaseURL);
    } catch (error) {
      problems.push(`VITE_FIREBASE_DATABASE_URL: ${(error as Error).message}`);
    }
  }
  return problems;
}

/** The config `env` describes; throws one error naming every problem. */
export function productionFirebaseConfig(
  env: Record<string, string | undefined>,
): FirebaseWebConfig {
  const problems = productionConfigProblems(env);
  if (problems.length > 0) throw new Error(describeProblems(problems));
  const entries = Object.entries(PRODUCTION_CONFIG_VARIABLES).map(([name, field]) => [
    field,
    env[name]!.trim(),
  ]);
  return Object.fromEntries(entries) as FirebaseWebConfig;
}

export function describeProblems(problems: readonly string[]): string {
  return [
    'The production Firebase config is incomplete:',
    ...problems.map((problem) => `  - ${problem}`),
    'Copy .env.example to .env.production.local and fill it from the Firebase console',
    '(Project settings → Your apps → SDK setup and configuration), or set the variables in CI.',
    'See docs/deploy.md. Local builds for the emulators use `--mode emulators`.',
  ].join('\n');
}

/**
 * The DNS zone a Realtime Database and its servers live in: `firebaseio.com`
 * for us-central1 databases, `<region>.firebasedatabase.app` for the others.
 */
export function databaseDomain(databaseURL: string): string {
  let host: string;
  try {
    const url = new URL(databaseURL);
    if (url.protocol !== 'https:') throw new Error('not https');
    host = url.hostname;
  } catch {
    throw new Error(`"${databaseURL}" is not an https:// database URL`);
  }
  const match = /^[a-z0-9-]+\.((?:[a-z0-9-]+\.firebasedatabase\.app)|firebaseio\.com)$/.exec(host);
  if (!match) {
    throw new Error(
      `"${databaseURL}" is not a Realtime Database URL (https://<name>.firebaseio.com or https://<name>.<region>.firebasedatabase.app)`,
    );
  }
  return match[1];
}
