/**
 * `npm run admin:revoke -- EMAIL [EMAIL…]`: removes the member's admins/{uid} record, which ends their
 * admin powers at once: the rules and the API read it on every request (functions/src/admin/admin-record.ts),
 * so a token issued before, whose `admin` claim lasts until it expires (up to an hour), reads nothing an
 * admin may and is refused by the admin routes. Then it takes the `admin` claim away (other claims are
 * kept) and revokes the member's refresh tokens, so the app signs in again and stops showing admin links.
 *
 * Target: the emulators unless `--production` is given (Application Default Credentials), and the
 * database, as for `npm run admin:grant` (scripts/admin-grant.ts).
 * Exit status: 0 all revoked, 1 some refused, 2 bad usage.
 */
import { pathToFileURL } from 'node:url';
import { removeAdminRecord } from '../functions/src/admin/admin-record';
import {
  refusalReason,
  runOrExplain,
  UsageError,
  withAdminTarget,
  type AdminTarget,
} from './admin-grant';

export type RevokeResult =
  | { email: string; uid: string; ok: true; wasAdmin: boolean }
  | { email: string; ok: false; reason: string };

/**
 * Removes the member's admins/{uid} record first (what ends their powers), then admin from their claims,
 * and revokes their refresh tokens (also when they were not an admin).
 */
export async function revokeAdmin(
  { auth, database }: AdminTarget,
  email: string,
): Promise<RevokeResult> {
  try {
    const user = await auth.getUserByEmail(email);
    await removeAdminRecord(database, user.uid);
    const { admin, ...others } = user.customClaims ?? {};
    await auth.setCustomUserClaims(user.uid, Object.keys(others).length > 0 ? others : null);
    await auth.revokeRefreshTokens(user.uid);
    return { email, uid: user.uid, ok: true, wasAdmin: admin === true };
  } catch (error) {
    return { email, ok: false, reason: refusalReason(error) };
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
  return runOrExplain('admin:revoke', () =>
    withAdminTarget('admin-revoke', production, async (admin, target) => {
      const results = [];
      for (const email of emails) results.push(await revokeAdmin(admin, email));
      for (const result of results) {
        if (result.ok)
          console.log(
            `✔ admin revoked: ${result.email} (uid ${result.uid}${result.wasAdmin ? '' : ', was not an admin'}); signed out everywhere [${target}]`,
          );
        else console.error(`✘ ${result.email}: ${result.reason} [${target}]`);
      }
      return results.every((result) => result.ok) ? 0 : 1;
    }),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
