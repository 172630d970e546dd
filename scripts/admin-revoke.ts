/**
 * `npm run admin:revoke -- EMAIL [EMAIL…]`: takes the `admin` claim away (other claims are kept) and
 * revokes the member's refresh tokens, so the change holds at once: the API checks revocation on every
 * request (functions/src/authenticate.ts), so a token issued before this is refused there at once, and the
 * app must sign in again to get a token without the claim (the rules read the claim from the token,
 * which expires within the hour).
 *
 * Target: the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST, default 127.0.0.1:9099, project
 * GCLOUD_PROJECT or demo-challangex), unless `--production` is given (Application Default Credentials),
 * as for `npm run admin:grant` (scripts/admin-grant.ts).
 * Exit status: 0 all revoked, 1 some refused, 2 bad usage.
 */
import { pathToFileURL } from 'node:url';
import type { Auth } from 'firebase-admin/auth';
import { UsageError, withAdminAuth } from './admin-grant';

export type RevokeResult =
  | { email: string; uid: string; ok: true; wasAdmin: boolean }
  | { email: string; ok: false; reason: string };

/** Removes admin from the member's claims and revokes their refresh tokens (also when not an admin). */
export async function revokeAdmin(auth: Auth, email: string): Promise<RevokeResult> {
  try {
    const user = await auth.getUserByEmail(email);
    const { admin, ...others } = user.customClaims ?? {};
    await auth.setCustomUserClaims(user.uid, Object.keys(others).length > 0 ? others : null);
    await auth.revokeRefreshTokens(user.uid);
    return { email, uid: user.uid, ok: true, wasAdmin: admin === true };
  } catch (error) {
    const code = (error as { code?: string }).code;
    const reason =
      code === 'auth/user-not-found'
        ? 'no account with this email'
        : `Auth refused the request: ${String((error as Error).message ?? error)}`;
    return { email, ok: false, reason };
  }
}

export function parseRevokeArguments(argv: readonly string[]): {
  emails: string[];
  production: boolean;
} {
  const production = argv.includes('--production');
  const emails = argv.filter((arg) => !arg.startsWith('--'));
  if (emails.length === 0)
    throw new UsageError('name at least one EMAIL whose admin claim to revoke');
  return { emails, production };
}

async function main(): Promise<number> {
  let parsed: ReturnType<typeof parseRevokeArguments>;
  try {
    parsed = parseRevokeArguments(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(
      `✘ ${error.message}\nUsage: npm run admin:revoke -- [--production] EMAIL [EMAIL…]`,
    );
    return 2;
  }
  const { emails, production } = parsed;
  return withAdminAuth('admin-revoke', production, async (auth, target) => {
    const results = [];
    for (const email of emails) results.push(await revokeAdmin(auth, email));
    for (const result of results) {
      if (result.ok)
        console.log(
          `✔ admin revoked: ${result.email} (uid ${result.uid}${result.wasAdmin ? '' : ', was not an admin'}); signed out everywhere [${target}]`,
        );
      else console.error(`✘ ${result.email}: ${result.reason} [${target}]`);
    }
    return results.every((result) => result.ok) ? 0 : 1;
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
