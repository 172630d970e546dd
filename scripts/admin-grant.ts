/**
 * `npm run admin:grant -- EMAIL [EMAIL…]`: gives members the `admin: true`
 * custom claim (docs/architecture.md#data-model-and-access). With no email, grants the default admin accounts.
 *
 * Target: the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST, default
 * 127.0.0.1:9099, project GCLOUD_PROJECT or demo-challangex), unless
 * `--production` is given, which uses Application Default Credentials
 * (GOOGLE_APPLICATION_CREDENTIALS) and the project they belong to.
 * A member must sign out and in again (or refresh their token) to pick it up.
 */
import { pathToFileURL } from 'node:url';
import { deleteApp, initializeApp, applicationDefault } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';

/** The two default admin accounts, as seeded by `npm run dev` / `npm run seed`. */
export const DEFAULT_ADMIN_EMAILS = ['admin@challangex.dev', 'admin2@challangex.dev'] as const;

export const DEFAULT_AUTH_EMULATOR_HOST = '127.0.0.1:9099';
export const DEFAULT_PROJECT_ID = 'demo-challangex';

export type GrantResult =
  { email: string; uid: string; ok: true } | { email: string; ok: false; reason: string };

/** Adds admin: true to the member's existing claims (other claims are kept). */
export async function grantAdmin(auth: Auth, email: string): Promise<GrantResult> {
  try {
    const user = await auth.getUserByEmail(email);
    await auth.setCustomUserClaims(user.uid, { ...(user.customClaims ?? {}), admin: true });
    return { email, uid: user.uid, ok: true };
  } catch (error) {
    const code = (error as { code?: string }).code;
    const reason =
      code === 'auth/user-not-found'
        ? 'no account with this email'
        : String((error as Error).message ?? error);
    return { email, ok: false, reason };
  }
}

export function parseArguments(argv: readonly string[]): { emails: string[]; production: boolean } {
  const production = argv.includes('--production');
  const given = argv.filter((arg) => !arg.startsWith('--'));
  return { emails: given.length > 0 ? given : [...DEFAULT_ADMIN_EMAILS], production };
}

async function main(): Promise<number> {
  const { emails, production } = parseArguments(process.argv.slice(2));
  if (!production) process.env.FIREBASE_AUTH_EMULATOR_HOST ??= DEFAULT_AUTH_EMULATOR_HOST;
  const app = production
    ? initializeApp(
        { credential: applicationDefault(), projectId: process.env.GCLOUD_PROJECT },
        'admin-grant',
      )
    : initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? DEFAULT_PROJECT_ID }, 'admin-grant');
  const target = production
    ? 'production'
    : `Auth emulator at ${process.env.FIREBASE_AUTH_EMULATOR_HOST}`;
  try {
    const results = [];
    for (const email of emails) results.push(await grantAdmin(getAuth(app), email));
    for (const result of results) {
      if (result.ok)
        console.log(`✔ admin granted: ${result.email} (uid ${result.uid}) [${target}]`);
      else console.error(`✘ ${result.email}: ${result.reason} [${target}]`);
    }
    return results.every((result) => result.ok) ? 0 : 1;
  } finally {
    await deleteApp(app);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
