/**
 * `npm run admin:grant -- EMAIL [EMAIL…]`: gives members the `admin: true`
 * custom claim (docs/architecture.md#data-model-and-access), only to enabled accounts whose email is verified:
 * sign-up is open, so an unverified email proves nothing about who holds it.
 * With no email it grants the default admin accounts, on the emulators only.
 *
 * Target: the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST, default
 * 127.0.0.1:9099, project GCLOUD_PROJECT or demo-challangex), unless
 * `--production` is given, which uses Application Default Credentials
 * (GOOGLE_APPLICATION_CREDENTIALS) and the project they belong to.
 * A member must sign out and in again (or refresh their token) to pick it up.
 * Exit status: 0 all granted, 1 some refused, 2 bad usage.
 */
import { pathToFileURL } from 'node:url';
import { deleteApp, initializeApp, applicationDefault } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';

/** The two default admin accounts, as seeded (verified) by `npm run dev` / `npm run seed`. */
export const DEFAULT_ADMIN_EMAILS = ['admin@challangex.dev', 'admin2@challangex.dev'] as const;

export const DEFAULT_AUTH_EMULATOR_HOST = '127.0.0.1:9099';
export const DEFAULT_PROJECT_ID = 'demo-challangex';

export type GrantResult =
  { email: string; uid: string; ok: true } | { email: string; ok: false; reason: string };

export class UsageError extends Error {}

/** Adds admin: true to the member's existing claims (other claims are kept). */
export async function grantAdmin(auth: Auth, email: string): Promise<GrantResult> {
  try {
    const user = await auth.getUserByEmail(email);
    if (user.disabled)
      return { email, ok: false, reason: 'account is disabled; enable it first if intended' };
    if (!user.emailVerified)
      return {
        email,
        ok: false,
        reason: 'email not verified; the member must verify it (link in the app) before a grant',
      };
    await auth.setCustomUserClaims(user.uid, { ...(user.customClaims ?? {}), admin: true });
    return { email, uid: user.uid, ok: true };
  } catch (error) {
    const code = (error as { code?: string }).code;
    const reason =
      code === 'auth/user-not-found'
        ? 'no account with this email'
        : `Auth refused the request: ${String((error as Error).message ?? error)}`;
    return { email, ok: false, reason };
  }
}

export function parseArguments(argv: readonly string[]): { emails: string[]; production: boolean } {
  const production = argv.includes('--production');
  const given = argv.filter((arg) => !arg.startsWith('--'));
  if (given.length > 0) return { emails: given, production };
  if (production)
    throw new UsageError(
      '--production needs at least one EMAIL: the default admin list is for the emulators only',
    );
  return { emails: [...DEFAULT_ADMIN_EMAILS], production };
}

/**
 * Runs `use` with firebase-admin's Auth for the chosen target (production with the machine's credentials, or the
 * Auth emulator) and the target's name for messages; the app is deleted however `use` ends.
 */
export async function withAdminAuth<T>(
  name: string,
  production: boolean,
  use: (auth: Auth, target: string) => Promise<T>,
): Promise<T> {
  if (!production) process.env.FIREBASE_AUTH_EMULATOR_HOST ??= DEFAULT_AUTH_EMULATOR_HOST;
  const app = production
    ? initializeApp(
        { credential: applicationDefault(), projectId: process.env.GCLOUD_PROJECT },
        name,
      )
    : initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? DEFAULT_PROJECT_ID }, name);
  const target = production
    ? 'production'
    : `Auth emulator at ${process.env.FIREBASE_AUTH_EMULATOR_HOST}`;
  try {
    return await use(getAuth(app), target);
  } finally {
    await deleteApp(app);
  }
}

async function main(): Promise<number> {
  let parsed: ReturnType<typeof parseArguments>;
  try {
    parsed = parseArguments(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(
      `✘ ${error.message}\nUsage: npm run admin:grant -- [--production] EMAIL [EMAIL…]`,
    );
    return 2;
  }
  const { emails, production } = parsed;
  return withAdminAuth('admin-grant', production, async (auth, target) => {
    const results = [];
    for (const email of emails) results.push(await grantAdmin(auth, email));
    for (const result of results) {
      if (result.ok)
        console.log(`✔ admin granted: ${result.email} (uid ${result.uid}) [${target}]`);
      else console.error(`✘ ${result.email}: ${result.reason} [${target}]`);
    }
    return results.every((result) => result.ok) ? 0 : 1;
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
