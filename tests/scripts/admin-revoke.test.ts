/**
 * `npm run admin:revoke -- EMAIL` removes the admins/{uid} record, takes the admin claim away and revokes the
 * refresh tokens. An admin's ID token obtained before the revoke still says `admin: true` (it is valid until
 * it expires, up to an hour, and the database and Storage rules do not check revocation); it must open
 * nothing an admin may: not the rules' admin reads, not Storage, not the API's admin routes.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorageEmulator, type RunningStorageEmulator } from 'challangex-emulators/storage';
import { parseRevokeArguments, revokeAdmin } from '../../scripts/admin-revoke';
import { emulatorDatabaseRules } from '../../scripts/lib/database-rules';
import { uploadPhoto } from '../../scripts/lib/emulator-photos';
import { mealPhotoPng } from '../../scripts/lib/identicon-png';
import { startApiHarness, TEST_PROJECT_ID, type ApiHarness } from '../api/api-harness';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
let harness: ApiHarness;
/** A Storage emulator loaded with storage.rules (the harness's serves the API, rules off). */
let rulesStorage: RunningStorageEmulator;

beforeAll(async () => {
  harness = await startApiHarness();
  // The harness's database namespace, under the emulator build of database.rules.json.
  const { origin, searchParams } = new URL(harness.databaseUrl);
  const loaded = await fetch(`${origin}/.settings/rules.json?ns=${searchParams.get('ns')}`, {
    method: 'PUT',
    headers: { authorization: 'Bearer owner' },
    body: emulatorDatabaseRules(),
  });
  expect(loaded.status).toBe(200);
  rulesStorage = await startStorageEmulator({
    port: 0,
    rulesFile: resolve(root, 'storage.rules'),
    log: () => {},
  });
});
afterAll(async () => {
  await rulesStorage?.close();
  await harness?.close();
});

const signIn = async (email: string) => {
  const response = await fetch(
    `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret-password', returnSecureToken: true }),
    },
  );
  return ((await response.json()) as { idToken: string }).idToken;
};

const claimsOf = (idToken: string) =>
  JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as { admin?: unknown };

/** An account with a verified email (and another claim), not yet an admin. */
async function verifiedAccount() {
  const email = `admin-${randomUUID()}@example.com`;
  const user = await harness.auth.createUser({
    email,
    password: 'secret-password',
    emailVerified: true,
  });
  await harness.auth.setCustomUserClaims(user.uid, { beta: true });
  return { uid: user.uid, email };
}

/** The real scripts against this harness's Auth and database. */
const script = (name: 'admin-grant' | 'admin-revoke', email: string) =>
  run('npx', ['tsx', `scripts/${name}.ts`, email], {
    cwd: root,
    env: { ...process.env, GCLOUD_PROJECT: TEST_PROJECT_ID, DATABASE_URL: harness.databaseUrl },
  });

/** An admin made by the real grant script, signed in after it so the token carries the claim. */
async function grantedAdmin() {
  const account = await verifiedAccount();
  const granted = await script('admin-grant', account.email);
  expect(granted.stdout).toContain(`admin granted: ${account.email}`);
  const idToken = await signIn(account.email);
  expect(claimsOf(idToken).admin).toBe(true);
  return { ...account, idToken };
}

const adminList = (token: string) =>
  fetch(`${harness.baseUrl}/api/admin/members`, { headers: { Authorization: `Bearer ${token}` } });

/** GET of a database path with a member's ID token, through the rules. */
const readAs = (token: string, path: string) => {
  const { origin, searchParams } = new URL(harness.databaseUrl);
  return fetch(`${origin}/${path}.json?ns=${searchParams.get('ns')}&auth=${token}`);
};

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

  it('removes the record and the claim, keeps the other claims, and a token from before is refused at once', async () => {
    const admin = await grantedAdmin();
    expect((await adminList(admin.idToken)).status).toBe(200);
    await nextSecond();
    const result = await revokeAdmin(
      { auth: harness.auth, database: harness.database },
      admin.email,
    );
    expect(result).toEqual({ email: admin.email, uid: admin.uid, ok: true, wasAdmin: true });
    expect((await harness.database.ref(`admins/${admin.uid}`).get()).exists()).toBe(false);
    expect((await harness.auth.getUser(admin.uid)).customClaims).toEqual({ beta: true });
    const refused = await adminList(admin.idToken);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      error: 'Your sign-in was revoked, please sign in again',
      code: 'unauthenticated',
    });
  }, 60_000);

  it("leaves a revoked admin's still-valid token reading nothing private: body stats, weights, invite tokens, proofs, admin routes", async () => {
    const member = { uid: `member-${randomUUID().slice(0, 8)}` };
    const challengeId = '-NxRevokeChallenge01';
    const proofPath = `Challenge/${member.uid}/${challengeId}/Day1-lunch.jpg`;
    await harness.database.ref(`users/${member.uid}`).set({
      private: {
        email: 'member@example.com',
        emailVerified: true,
        height: 170,
        weight: 70,
        age: 30,
      },
      weights: { '2026-11-20': { kg: 70.4, at: 1_763_600_000_000 } },
      challenges: {
        [challengeId]: { title: 'Lean week', invite: { token: 'secret-invite-token' } },
      },
    });
    const bucket = `${TEST_PROJECT_ID}.appspot.com`;
    await uploadPhoto(
      `127.0.0.1:${rulesStorage.port}`,
      bucket,
      proofPath,
      mealPhotoPng('revoked', 64),
    );
    const privatePaths = [
      `users/${member.uid}/private`,
      `users/${member.uid}/weights`,
      `users/${member.uid}/challenges/${challengeId}/invite`,
    ];
    const proofByPath = (token: string) =>
      fetch(
        `http://127.0.0.1:${rulesStorage.port}/v0/b/${bucket}/o/${encodeURIComponent(proofPath)}?alt=media`,
        { headers: { Authorization: `Firebase ${token}` } },
      );

    const admin = await grantedAdmin();
    for (const path of privatePaths)
      expect((await readAs(admin.idToken, path)).status, path).toBe(200);
    expect(await (await readAs(admin.idToken, privatePaths[2]!)).json()).toEqual({
      token: 'secret-invite-token',
    });
    expect((await adminList(admin.idToken)).status).toBe(200);

    await nextSecond();
    const revoked = await script('admin-revoke', admin.email);
    expect(revoked.stdout).toContain(`admin revoked: ${admin.email}`);

    // The token is the same one, still carrying the claim, and not expired.
    expect(claimsOf(admin.idToken).admin).toBe(true);
    for (const path of privatePaths) {
      const response = await readAs(admin.idToken, path);
      expect(response.status, path).toBe(401);
      expect(JSON.stringify(await response.json()), path).not.toContain('secret-invite-token');
    }
    expect((await proofByPath(admin.idToken)).status).toBe(403);
    expect((await adminList(admin.idToken)).status).toBe(401);
  }, 60_000);

  it('works from the command line, and exits 1 for an unknown email', async () => {
    const admin = await grantedAdmin();
    await nextSecond();
    const ok = await script('admin-revoke', admin.email);
    expect(ok.stdout).toContain(`admin revoked: ${admin.email}`);
    expect((await harness.auth.getUser(admin.uid)).customClaims).toEqual({ beta: true });
    expect((await harness.database.ref(`admins/${admin.uid}`).get()).exists()).toBe(false);
    expect((await adminList(admin.idToken)).status).toBe(401);
    const unknown = script('admin-revoke', `ghost-${randomUUID()}@x.dev`);
    await expect(unknown).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('no account with this email'),
    });
  }, 60_000);
});
