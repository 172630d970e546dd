/**
 * `npm run admin:revoke -- EMAIL` takes the admin claim away and revokes the refresh tokens: an admin's
 * token obtained before the revoke is refused by the API's admin routes at once, not when it expires.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRevokeArguments, revokeAdmin } from '../../scripts/admin-revoke';
import { startApiHarness, TEST_PROJECT_ID, type ApiHarness } from '../api/api-harness';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
let harness: ApiHarness;

beforeAll(async () => {
  harness = await startApiHarness();
});
afterAll(() => harness?.close());

/** An admin (with another claim too) and an ID token obtained now, over the Auth emulator's REST API. */
async function signedInAdmin() {
  const email = `admin-${randomUUID()}@example.com`;
  const user = await harness.auth.createUser({
    email,
    password: 'secret-password',
    emailVerified: true,
  });
  await harness.auth.setCustomUserClaims(user.uid, { admin: true, beta: true });
  const response = await fetch(
    `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret-password', returnSecureToken: true }),
    },
  );
  const { idToken } = (await response.json()) as { idToken: string };
  return { uid: user.uid, email, idToken };
}

const adminList = (token: string) =>
  fetch(`${harness.baseUrl}/api/admin/members`, { headers: { Authorization: `Bearer ${token}` } });

// Revocation compares whole seconds: a token must be issued in an earlier second than the revoke.
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1_100));

describe('admin-revoke', () => {
  it('needs an email: there is no default list', () => {
    expect(() => parseRevokeArguments([])).toThrow(/at least one EMAIL/);
    expect(parseRevokeArguments(['a@x.dev', '--production'])).toEqual({
      emails: ['a@x.dev'],
      production: true,
    });
  });

  it('removes the claim, keeps the others, and a token from before is refused at once', async () => {
    const admin = await signedInAdmin();
    expect((await adminList(admin.idToken)).status).toBe(200);
    await nextSecond();
    const result = await revokeAdmin(harness.auth, admin.email);
    expect(result).toEqual({ email: admin.email, uid: admin.uid, ok: true, wasAdmin: true });
    expect((await harness.auth.getUser(admin.uid)).customClaims).toEqual({ beta: true });
    const refused = await adminList(admin.idToken);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      error: 'Your sign-in was revoked, please sign in again',
    });
  });

  it('works from the command line, and exits 1 for an unknown email', async () => {
    const admin = await signedInAdmin();
    await nextSecond();
    const env = { ...process.env, GCLOUD_PROJECT: TEST_PROJECT_ID };
    const ok = await run('npx', ['tsx', 'scripts/admin-revoke.ts', admin.email], {
      cwd: root,
      env,
    });
    expect(ok.stdout).toContain(`admin revoked: ${admin.email}`);
    expect((await harness.auth.getUser(admin.uid)).customClaims).toEqual({ beta: true });
    expect((await adminList(admin.idToken)).status).toBe(401);
    const unknown = run('npx', ['tsx', 'scripts/admin-revoke.ts', `ghost-${randomUUID()}@x.dev`], {
      cwd: root,
      env,
    });
    await expect(unknown).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('no account with this email'),
    });
  }, 60_000);
});
