/**
 * `npm run admin:grant -- EMAIL [EMAIL…]`: makes members admins, only enabled accounts whose email is
 * verified (sign-up is open, so an unverified email proves nothing about who holds it). It writes the
 * server's admins/{uid} record, which the rules and the API read on every request
 * (functions/src/admin/admin-record.ts, docs/security.md "Admins"), and the `admin: true` custom claim, which
 * only tells the app to show its admin links.
 * With no email it grants the default admin accounts, on the emulators only.
 *
 * Target: the Auth and Realtime Database emulators (FIREBASE_AUTH_EMULATOR_HOST, default 127.0.0.1:9099;
 * FIREBASE_DATABASE_EMULATOR_HOST, default 127.0.0.1:9000; project GCLOUD_PROJECT or demo-challangex,
 * its database <project>-default-rtdb), unless `--production` is given, which uses Application Default
 * Credentials (GOOGLE_APPLICATION_CREDENTIALS), the project they belong to and the app's database
 * (VITE_FIREBASE_DATABASE_URL of .env.production.local or the environment, as `npm run deploy` reads it).
 * DATABASE_URL, when set, names the database in either mode.
 * The member signs out and in again (or refreshes their token) to see the admin screen.
 * Exit status: 0 all granted, 1 some refused, 2 bad usage.
 */
import { pathToFileURL } from 'node:url';
import { deleteApp, initializeApp, applicationDefault } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getDatabase, type Database } from 'firebase-admin/database';
import { loadEnv } from 'vite';
import { writeAdminRecord } from '../functions/src/admin/admin-record';
import { repoRoot } from './lib/repo-root';

/** The two default admin accounts, as seeded (verified) by `npm run dev` / `npm run seed`. */
export const DEFAULT_ADMIN_EMAILS = ['admin@challangex.dev', 'admin2@challangex.dev'] as const;

export const DEFAULT_AUTH_EMULATOR_HOST = '127.0.0.1:9099';
export const DEFAULT_DATABASE_EMULATOR_HOST = '127.0.0.1:9000';
export const DEFAULT_PROJECT_ID = 'demo-challangex';

export type GrantResult =
  { email: string; uid: string; ok: true } | { email: string; ok: false; reason: string };

export class UsageError extends Error {}

/**
 * Writes the member's admins/{uid} record, then adds admin: true to their existing claims (other claims
 * are kept).
 */
export async function grantAdmin(
  { auth, database }: AdminTarget,
  email: string,
): Promise<GrantResult> {
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
    await writeAdminRecord(database, user.uid);
    await auth.setCustomUserClaims(user.uid, { ...(user.customClaims ?? {}), admin: true });
    return { email, uid: user.uid, ok: true };
  } catch (error) {
    return { email, ok: false, reason: refusalReason(error) };
  }
}

/** Why Auth or the database refused a grant or a revoke, in words. */
export function refusalReason(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'auth/user-not-found') return 'no account with this email';
  const message = String((error as Error).message ?? error);
  return typeof code === 'string' && code.startsWith('auth/')
    ? `Auth refused the request: ${message}`
    : `the request failed: ${message}`;
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

/** Where a grant or a revoke is written: the project's Auth (the claim) and database (the record). */
export interface AdminTarget {
  auth: Auth;
  database: Database;
}

/** The database that holds admins/{uid}: DATABASE_URL, else the deployed app's, else the emulator's. */
export function adminDatabaseUrl(production: boolean, projectId: string): string {
  const named = process.env.DATABASE_URL?.trim();
  if (named) return named;
  if (production) {
    const configured = loadEnv('production', repoRoot, 'VITE_').VITE_FIREBASE_DATABASE_URL?.trim();
    if (!configured)
      throw new UsageError(
        '--production needs the database: set VITE_FIREBASE_DATABASE_URL (docs/deploy.md) or DATABASE_URL',
      );
    return configured;
  }
  return `http://${process.env.FIREBASE_DATABASE_EMULATOR_HOST}?ns=${projectId}-default-rtdb`;
}

/**
 * Runs `use` with firebase-admin's Auth and database for the chosen target (production with the machine's
 * credentials, or the emulators) and the target's name for messages; the app is deleted however `use` ends.
 */
export async function withAdminTarget<T>(
  name: string,
  production: boolean,
  use: (target: AdminTarget, description: string) => Promise<T>,
): Promise<T> {
  if (!production) {
    process.env.FIREBASE_AUTH_EMULATOR_HOST ??= DEFAULT_AUTH_EMULATOR_HOST;
    process.env.FIREBASE_DATABASE_EMULATOR_HOST ??= DEFAULT_DATABASE_EMULATOR_HOST;
  }
  const projectId = process.env.GCLOUD_PROJECT ?? (production ? undefined : DEFAULT_PROJECT_ID);
  const databaseURL = adminDatabaseUrl(production, projectId ?? '');
  const app = production
    ? initializeApp({ credential: applicationDefault(), projectId, databaseURL }, name)
    : initializeApp({ projectId, databaseURL }, name);
  const description = production
    ? 'production'
    : `emulators: Auth at ${process.env.FIREBASE_AUTH_EMULATOR_HOST}, database ${databaseURL}`;
  try {
    return await use({ auth: getAuth(app), database: getDatabase(app) }, description);
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
  return runOrExplain('admin:grant', () =>
    withAdminTarget('admin-grant', production, async (admin, target) => {
      const results = [];
      for (const email of emails) results.push(await grantAdmin(admin, email));
      for (const result of results) {
        if (result.ok)
          console.log(`✔ admin granted: ${result.email} (uid ${result.uid}) [${target}]`);
        else console.error(`✘ ${result.email}: ${result.reason} [${target}]`);
      }
      return results.every((result) => result.ok) ? 0 : 1;
    }),
  );
}

/** Runs a script's work; a usage problem found on the way (no database named) exits 2 with its reason. */
export async function runOrExplain(script: string, work: () => Promise<number>): Promise<number> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`✘ ${error.message}\nUsage: npm run ${script} -- [--production] EMAIL [EMAIL…]`);
    return 2;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
