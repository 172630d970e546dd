import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getDatabase } from 'firebase-admin/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDatabaseEmulator, type RunningDatabaseEmulator } from 'challangex-emulators/database';
import { DEFAULT_ADMIN_EMAILS, grantAdmin, parseArguments } from '../../scripts/admin-grant';

const run = promisify(execFile);
const projectId = `demo-admin-grant-${randomUUID().slice(0, 8)}`;
const root = resolve(import.meta.dirname, '../..');
const cli = ['tsx', 'scripts/admin-grant.ts'];
let app: App;
let emulator: RunningDatabaseEmulator;
/** The script's database on the emulators: the project's default one, as the dev stack serves it. */
let databaseEmulatorHost: string;

beforeAll(async () => {
  expect(process.env.FIREBASE_AUTH_EMULATOR_HOST).toBeTruthy();
  emulator = await startDatabaseEmulator({ port: 0, log: () => {} });
  databaseEmulatorHost = `127.0.0.1:${emulator.port}`;
  app = initializeApp(
    { projectId, databaseURL: `http://${databaseEmulatorHost}?ns=${projectId}-default-rtdb` },
    projectId,
  );
});

afterAll(async () => {
  const auth = getAuth(app);
  const { users } = await auth.listUsers();
  await auth.deleteUsers(users.map((user) => user.uid));
  await deleteApp(app);
  await emulator?.close();
});

const target = () => ({ auth: getAuth(app), database: getDatabase(app) });
const recordOf = async (uid: string) =>
  (await getDatabase(app).ref(`admins/${uid}`).get()).val() as unknown;

const newMember = async ({
  claims,
  emailVerified = true,
  disabled = false,
}: { claims?: Record<string, unknown>; emailVerified?: boolean; disabled?: boolean } = {}) => {
  const user = await getAuth(app).createUser({
    email: `member-${randomUUID()}@example.com`,
    password: 'secret123',
    emailVerified,
    disabled,
  });
  if (claims) await getAuth(app).setCustomUserClaims(user.uid, claims);
  return user;
};

const claimsOf = async (uid: string) => (await getAuth(app).getUser(uid)).customClaims;

describe('admin-grant', () => {
  it('defaults to the two seed admin accounts on the emulators and reads flags apart from emails', () => {
    expect(parseArguments([])).toEqual({ emails: [...DEFAULT_ADMIN_EMAILS], production: false });
    expect(parseArguments(['a@x.dev', '--production', 'b@x.dev'])).toEqual({
      emails: ['a@x.dev', 'b@x.dev'],
      production: true,
    });
  });

  it('has no default list in production', () => {
    expect(() => parseArguments(['--production'])).toThrow(/--production needs at least one EMAIL/);
  });

  it('writes the admins/{uid} record, adds admin: true and keeps the claims a member already has', async () => {
    const member = await newMember({ claims: { beta: true } });
    const result = await grantAdmin(target(), member.email!);
    expect(result).toEqual({ email: member.email, uid: member.uid, ok: true });
    expect(await recordOf(member.uid)).toBe(true);
    expect(await claimsOf(member.uid)).toEqual({ beta: true, admin: true });
  });

  it('refuses an account whose email is not verified, and grants nothing', async () => {
    const member = await newMember({ emailVerified: false });
    const result = await grantAdmin(target(), member.email!);
    expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(/not verified/) });
    expect(await claimsOf(member.uid)).toBeUndefined();
    expect(await recordOf(member.uid)).toBeNull();
  });

  it('refuses a disabled account', async () => {
    const member = await newMember({ disabled: true });
    const result = await grantAdmin(target(), member.email!);
    expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(/disabled/) });
    expect(await claimsOf(member.uid)).toBeUndefined();
    expect(await recordOf(member.uid)).toBeNull();
  });

  it('reports an unknown email instead of throwing', async () => {
    const result = await grantAdmin(target(), `nobody-${randomUUID()}@example.com`);
    expect(result).toMatchObject({ ok: false, reason: 'no account with this email' });
  });

  it('works from the command line and exits non-zero when one email is unknown or unverified', async () => {
    const member = await newMember();
    const unverified = await newMember({ emailVerified: false });
    const env = {
      ...process.env,
      GCLOUD_PROJECT: projectId,
      FIREBASE_DATABASE_EMULATOR_HOST: databaseEmulatorHost,
      DATABASE_URL: '',
    };
    const ok = await run('npx', [...cli, member.email!], { cwd: root, env });
    expect(ok.stdout).toContain(`admin granted: ${member.email}`);
    expect(await claimsOf(member.uid)).toEqual({ admin: true });
    expect(await recordOf(member.uid)).toBe(true);

    const failed = run(
      'npx',
      [...cli, member.email!, unverified.email!, `ghost-${randomUUID()}@example.com`],
      { cwd: root, env },
    );
    await expect(failed).rejects.toMatchObject({ code: 1 });
    const { stderr } = await failed.catch((error: { stderr: string }) => error);
    expect(stderr).toContain(`${unverified.email}: email not verified`);
    expect(stderr).toContain('no account with this email');
    expect(await claimsOf(unverified.uid)).toBeUndefined();
    expect(await recordOf(unverified.uid)).toBeNull();
  }, 60_000);

  it('refuses --production without an email before touching any project', async () => {
    const env = { ...process.env, GCLOUD_PROJECT: projectId };
    const refused = run('npx', [...cli, '--production'], { cwd: root, env });
    await expect(refused).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--production needs at least one EMAIL'),
    });
  }, 60_000);
});
