/**
 * The headers Firebase Hosting sends, for serving an emulator build locally
 * (`vite preview --mode emulators`, which the e2e tests use): firebase.json's
 * hosting headers with the policy `npm run deploy` adds, derived from the same
 * config the build read, plus the local emulators' hosts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  withContentSecurityPolicy,
  type FirebaseJson,
  type LocalEmulators,
} from './content-security-policy.ts';
import { repoRoot } from './repo-root.ts';

/**
 * The web config an emulator build runs with: only the project id is set; the rest are
 * the defaults src/services/firebase-config.ts falls back to.
 */
function emulatorWebConfig(projectId: string) {
  return {
    authDomain: `${projectId}.firebaseapp.com`,
    databaseURL: `https://${projectId}-default-rtdb.firebaseio.com`,
    storageBucket: `${projectId}.appspot.com`,
  };
}

function port(env: Record<string, string | undefined>, name: string): number {
  const value = Number(env[name]);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${name} is "${env[name] ?? ''}", not a port: set it in .env.emulators`);
  }
  return value;
}

/**
 * Every header Hosting would send with each page of an emulator build, as one map: a
 * preview server sends the same headers with every response, so each firebase.json
 * header rule must be for "**" (one for other paths is refused, not silently dropped).
 */
export function emulatorHostingHeaders(
  env: Record<string, string | undefined>,
  firebaseJson: FirebaseJson = JSON.parse(readFileSync(join(repoRoot, 'firebase.json'), 'utf8')),
): Record<string, string> {
  const projectId = env.VITE_FIREBASE_PROJECT_ID?.trim();
  if (!projectId) throw new Error('VITE_FIREBASE_PROJECT_ID is not set: see .env.emulators');
  const emulators: LocalEmulators = {
    host: env.VITE_EMULATOR_HOST?.trim() || '127.0.0.1',
    authPort: port(env, 'VITE_AUTH_EMULATOR_PORT'),
    databasePort: port(env, 'VITE_DATABASE_EMULATOR_PORT'),
    storagePort: port(env, 'VITE_STORAGE_EMULATOR_PORT'),
    // The local push service, when the build takes its push subscriptions there (the e2e tests).
    ...(env.VITE_PUSH_SERVICE_PORT ? { pushPort: port(env, 'VITE_PUSH_SERVICE_PORT') } : {}),
  };
  const deployed = withContentSecurityPolicy(firebaseJson, emulatorWebConfig(projectId), emulators);
  const rules = deployed.hosting.headers ?? [];
  const other = rules.find((rule) => rule.source !== '**');
  if (other) {
    throw new Error(
      `firebase.json has a hosting header rule for "${other.source}"; the local preview sends ` +
        'one set of headers with every response and can serve only "**" rules. ' +
        'Match paths in scripts/lib/served-hosting-headers.ts before adding one.',
    );
  }
  return Object.fromEntries(
    rules.flatMap((rule) => rule.headers.map(({ key, value }) => [key, value])),
  );
}
