import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ADMIN_EMAILS, grantAdmin, parseArguments } from '../../scripts/admin-grant';

const run = promisify(execFile);
const projectId = `demo-admin-grant-${randomUUID().slice(0, 8)}`;
const root = resolve(import.meta.dirname, '../..');
let app: App;

beforeAll(() => {
  expect(process.env.FIREBASE_AUTH_EMULATOR_HOST).toBeTruthy();
  app = initializeApp({ projectId }, projectId);
});

afterAll(async () => {
  const auth = getAuth(app);
  const { users } = await auth.listUsers();
  await auth.deleteUsers(users.map((user) => user.uid));
  await deleteApp(app);
});

const newMember = (claims?: Record<string, unknown>) =>
  getAuth(app)
    .createUser({ email: `member-${randomUUID()}@example.com`, password: 'secret123' })
    .then(async (user) => {
      if (claims) await getAuth(app).setCustomUserClaims(user.uid, claims);
      return user;
    });

describe('admin-grant', () => {
  it('defaults to the two seed admin accounts and reads flags apart from emails', () => {
    expect(parseArguments([])).toEqual({ emails: [...DEFAULT_ADMIN_EMAILS], production: false });
    expect(parseArguments(['a@x.dev', '--production', 'b@x.dev'])).toEqual({
      emails: ['a@x.dev', 'b@x.dev'],
      production: true,
    });
  });

  it('adds admin: true and keeps the claims a member already has', async () => {
    const member = await newMember({ beta: true });
    const result = await grantAdmin(getAuth(app), member.email!);
    expect(result).toEqual({ email: member.email, uid: member.uid, ok: true });
    expect((await getAuth(app).getUser(member.uid)).customClaims).toEqual({
      beta: true,
      admin: true,
    });
  });

  it('reports an unknown email instead of throwing', async () => {
    const result = await grantAdmin(getAuth(app), `nobody-${randomUUID()}@example.com`);
    expect(result).toMatchObject({ ok: false, reason: 'no account with this email' });
  });

  it('works from the command line and exits non-zero when one email is unknown', async () => {
    const member = await newMember();
    const env = { ...process.env, GCLOUD_PROJECT: projectId };
    const cli = ['tsx', 'scripts/admin-grant.ts'];
    const ok = await run('npx', [...cli, member.email!], { cwd: root, env });
    expect(ok.stdout).toContain(`admin granted: ${member.email}`);
    expect((await getAuth(app).getUser(member.uid)).customClaims).toEqual({ admin: true });

    const failed = run('npx', [...cli, member.email!, `ghost-${randomUUID()}@example.com`], {
      cwd: root,
      env,
    });
    await expect(failed).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('no account with this email'),
    });
  }, 60_000);
});
