import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAuditEntry } from '@domain/site/moderation-records';
import {
  generatePayload,
  postJson,
  readyMember,
  signUpWithClaims,
  startApiHarness,
  type ApiHarness,
  type TestMember,
} from './api-harness';

let harness: ApiHarness;
let admin: TestMember & { email: string };
let member: TestMember;

const AUTH = () =>
  `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`;

/** Signs in over the Auth emulator's REST API, as the app does; the error code when refused. */
async function signInWithPassword(email: string): Promise<{ idToken?: string; error?: string }> {
  const response = await fetch(`${AUTH()}/accounts:signInWithPassword?key=any`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'secret-password', returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken?: string; error?: { message: string } };
  return { idToken: body.idToken, error: body.error?.message };
}

/** A member with the admin claim, signed in again so that their token carries it. */
const signUpAdmin = () => signUpWithClaims(harness.auth, { admin: true });

const get = async (path: string, token?: string) => {
  const response = await fetch(`${harness.baseUrl}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
const post = (path: string, body: unknown, token?: string) =>
  postJson(`${harness.baseUrl}${path}`, body, { token });
const read = async (path: string) => (await harness.database.ref(path).get()).val() as unknown;

async function createChallenge(owner: TestMember): Promise<string> {
  const response = await post(
    '/api/generate',
    generatePayload(owner.uid, { day: 2 }),
    owner.idToken,
  );
  expect(response.status).toBe(201);
  return response.body.challengeId as string;
}

async function auditEntries(): Promise<AdminAuditEntry[]> {
  return Object.values(((await read('moderation/audit')) ?? {}) as Record<string, AdminAuditEntry>);
}

beforeAll(async () => {
  harness = await startApiHarness();
  admin = await signUpAdmin();
  member = await readyMember(harness.database);
});
afterAll(() => harness?.close());

describe('admin routes refuse everyone but admins', () => {
  const routes: Array<[method: 'GET' | 'POST', path: string]> = [
    ['GET', '/api/admin/members'],
    ['GET', '/api/admin/challenges/hidden'],
    ['POST', '/api/admin/members/some-uid/disable'],
    ['POST', '/api/admin/members/some-uid/enable'],
    ['POST', '/api/admin/challenges/some-cid/hide'],
    ['POST', '/api/admin/challenges/some-cid/unhide'],
  ];

  it.each(routes)('%s %s: 401 without a token, 403 for a member', async (method, path) => {
    const call = (token?: string) => (method === 'GET' ? get(path, token) : post(path, {}, token));
    const anonymous = await call();
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe('Sign in required');
    const asMember = await call(member.idToken);
    expect(asMember.status).toBe(403);
    expect(asMember.body.error).toBe('Only administrators may do this');
  });
});

describe('admin input is validated', () => {
  it('400 for ids that are not database keys, unknown fields and over-long reasons', async () => {
    const cases: Array<[path: string, body: unknown, field: string]> = [
      ['/api/admin/challenges/bad.id/hide', { ownerId: member.uid }, 'challengeId'],
      ['/api/admin/challenges/c1/hide', { ownerId: 'a/b' }, 'ownerId'],
      ['/api/admin/challenges/c1/hide', {}, 'ownerId'],
      ['/api/admin/challenges/c1/hide', { ownerId: member.uid, reason: 'x'.repeat(201) }, 'reason'],
      ['/api/admin/challenges/c1/unhide', { extra: true }, 'extra'],
      ['/api/admin/members/bad$id/disable', {}, 'uid'],
      ['/api/admin/members/u1/disable', { reason: 42 }, 'reason'],
      ['/api/admin/members/u1/enable', { disabled: false }, 'disabled'],
    ];
    for (const [path, body, field] of cases) {
      const response = await post(path, body, admin.idToken);
      expect(response.status, path).toBe(400);
      expect(response.body.error, path).toMatch(new RegExp(`^${field}: `));
    }
  });

  it('400, never a crash, for bodies that are not JSON objects', async () => {
    for (const body of ['[]', 'null', '"hide"', '{"ownerId":', '42']) {
      const response = await post('/api/admin/challenges/c1/hide', body, admin.idToken);
      expect(response.status, body).toBe(400);
      expect(typeof response.body.error, body).toBe('string');
    }
  });

  it('400 for a bad page or search of the member list', async () => {
    for (const query of ['page=0', 'page=abc', 'page=1.5', `q=${'x'.repeat(101)}`, 'q=a&q=b']) {
      const response = await get(`/api/admin/members?${query}`, admin.idToken);
      expect(response.status, query).toBe(400);
      expect(typeof response.body.error).toBe('string');
    }
  });

  it('404 for unknown members and challenges, 400 for disabling oneself', async () => {
    expect((await post('/api/admin/members/nobody-here/disable', {}, admin.idToken)).status).toBe(
      404,
    );
    const self = await post(`/api/admin/members/${admin.uid}/disable`, {}, admin.idToken);
    expect(self.status).toBe(400);
    expect(self.body.error).toBe('You cannot disable your own account');
    const missing = await post(
      '/api/admin/challenges/no-such-challenge/hide',
      { ownerId: member.uid },
      admin.idToken,
    );
    expect(missing.status).toBe(404);
  });
});

describe('hiding a challenge', () => {
  it('takes it out of the feed, marks it, keeps it for unhiding and records both actions', async () => {
    const challengeId = await createChallenge(member);
    const published = (await read(`feed/${challengeId}`)) as Record<string, unknown>;
    expect(published.uid).toBe(member.uid);

    const hide = await post(
      `/api/admin/challenges/${challengeId}/hide`,
      { ownerId: member.uid, reason: 'Spam' },
      admin.idToken,
    );
    expect(hide.status).toBe(200);
    expect(await read(`feed/${challengeId}`)).toBeNull();
    const byOwner = await harness.database
      .ref('feed')
      .orderByChild('uid')
      .equalTo(member.uid)
      .get();
    expect(Object.keys(byOwner.val() ?? {})).not.toContain(challengeId);
    expect(await read(`users/${member.uid}/challenges/${challengeId}/moderation`)).toEqual({
      hiddenAt: expect.any(Number),
      reason: 'Spam',
    });
    // Hiding again re-runs the clean-up (tests/api/moderation-races.test.ts) and keeps the first reason.
    const again = await post(
      `/api/admin/challenges/${challengeId}/hide`,
      { ownerId: member.uid },
      admin.idToken,
    );
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ hidden: true, again: true });
    expect(await read(`users/${member.uid}/challenges/${challengeId}/moderation`)).toMatchObject({
      reason: 'Spam',
    });

    const hidden = await get('/api/admin/challenges/hidden', admin.idToken);
    expect(hidden.body.challenges).toContainEqual(
      expect.objectContaining({
        challengeId,
        uid: member.uid,
        title: 'Monsoon reset',
        reason: 'Spam',
      }),
    );

    // A hidden challenge is not re-planned (docs/security.md, "Every limit before any planning"), and
    // the refusal does not put it back in the feed.
    const regenerated = await post(`/api/challenges/${challengeId}/regenerate`, {}, member.idToken);
    expect(regenerated.status).toBe(409);
    expect(await read(`feed/${challengeId}`)).toBeNull();
    await harness.database
      .ref(`users/${member.uid}/challenges/${challengeId}/title`)
      .set('Renamed');

    const unhide = await post(`/api/admin/challenges/${challengeId}/unhide`, {}, admin.idToken);
    expect(unhide.status).toBe(200);
    const restored = (await read(`feed/${challengeId}`)) as Record<string, unknown>;
    expect(restored).toMatchObject({
      uid: member.uid,
      title: 'Renamed',
      createdAt: published.createdAt,
    });
    expect(await read(`users/${member.uid}/challenges/${challengeId}/moderation`)).toBeNull();
    expect(await read(`moderation/hiddenFeed/${challengeId}`)).toBeNull();

    const audit = (await auditEntries()).filter(
      (entry) => entry.target.challengeId === challengeId,
    );
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'hide-challenge',
        actor: { uid: admin.uid, email: admin.email },
        target: { uid: member.uid, challengeId, label: 'Monsoon reset' },
        reason: 'Spam',
        at: expect.any(Number),
      }),
      expect.objectContaining({ action: 'hide-challenge', reason: '' }),
      expect.objectContaining({
        action: 'unhide-challenge',
        actor: { uid: admin.uid, email: admin.email },
        target: { uid: member.uid, challengeId, label: 'Renamed' },
      }),
    ]);
  });
});

describe('disabling a member', () => {
  it('refuses their sign-in and API calls, hides their feed entries and rows, and enabling restores them', async () => {
    const target = await readyMember(harness.database);
    const email = (await harness.auth.getUser(target.uid)).email!;
    const shown = await createChallenge(target);
    const moderated = await createChallenge(target);
    await post(`/api/admin/challenges/${moderated}/hide`, { ownerId: target.uid }, admin.idToken);
    const row = { points: 10, displayName: 'Asha', photoURL: '', joinAt: '' };
    await harness.database.ref().update({
      [`leaderboard/all/${target.uid}`]: row,
    });

    const disable = await post(
      `/api/admin/members/${target.uid}/disable`,
      { reason: 'Abuse' },
      admin.idToken,
    );
    expect(disable.status).toBe(200);
    expect((await harness.auth.getUser(target.uid)).disabled).toBe(true);
    expect((await signInWithPassword(email)).error).toBe('USER_DISABLED');
    const refused = await post('/api/me/recompute', {}, target.idToken);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toMatch(/disabled|revoked/);
    expect(await read(`feed/${shown}`)).toBeNull();
    expect(await read(`leaderboard/all/${target.uid}`)).toBeNull();
    // Disabling again re-runs the clean-up (tests/api/moderation-races.test.ts).
    const disabledAgain = await post(`/api/admin/members/${target.uid}/disable`, {}, admin.idToken);
    expect(disabledAgain.status).toBe(200);
    expect(disabledAgain.body).toMatchObject({ disabled: true, again: true });

    // Unhiding while the owner is disabled keeps the challenge out of the feed until enabling.
    await post(`/api/admin/challenges/${moderated}/unhide`, {}, admin.idToken);
    expect(await read(`feed/${moderated}`)).toBeNull();

    const list = await get(
      `/api/admin/members?q=${encodeURIComponent(email.toUpperCase())}`,
      admin.idToken,
    );
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, page: 1, pageCount: 1 });
    expect(list.body.members).toEqual([
      expect.objectContaining({ uid: target.uid, email, disabled: true, admin: false }),
    ]);

    const enable = await post(`/api/admin/members/${target.uid}/enable`, {}, admin.idToken);
    expect(enable.status).toBe(200);
    expect((await harness.auth.getUser(target.uid)).disabled).toBe(false);
    expect(await read(`feed/${shown}`)).toMatchObject({ uid: target.uid });
    expect(await read(`feed/${moderated}`)).toMatchObject({ uid: target.uid });
    expect(await read(`leaderboard/all/${target.uid}`)).toEqual(row);
    const again = await signInWithPassword(email);
    expect(again.error).toBeUndefined();
    expect((await post('/api/me/recompute', {}, again.idToken)).status).toBe(200);

    const actions = (await auditEntries())
      .filter((entry) => entry.target.uid === target.uid && !entry.target.challengeId)
      .map((entry) => [entry.action, entry.reason, entry.target.label]);
    expect(actions).toEqual([
      ['disable-member', 'Abuse', email],
      ['disable-member', '', email],
      ['enable-member', '', email],
    ]);
  });
});

describe('the member list', () => {
  it('pages newest first and finds members by name or email in any case', async () => {
    const named = await harness.auth.createUser({
      email: `zed-${randomUUID()}@example.com`,
      password: 'secret-password',
      displayName: `Zelda ${randomUUID().slice(0, 6)}`,
    });
    const byName = await get(
      `/api/admin/members?q=${encodeURIComponent(named.displayName!.toLowerCase())}`,
      admin.idToken,
    );
    expect(byName.body.members).toEqual([expect.objectContaining({ uid: named.uid })]);
    const everyone = await get('/api/admin/members', admin.idToken);
    // Auth gives creation times to the second: newest first, and the newest second includes `named`.
    const members = everyone.body.members as Array<{ uid: string; createdAt: number }>;
    const createdAts = members.map((member) => member.createdAt);
    expect(createdAts).toEqual([...createdAts].sort((a, b) => b - a));
    expect(
      members.filter((member) => member.createdAt === createdAts[0]).map((member) => member.uid),
    ).toContain(named.uid);
    expect(everyone.body.total).toBeGreaterThanOrEqual(4);
    const beyond = await get(
      `/api/admin/members?page=${Number(everyone.body.pageCount) + 1}`,
      admin.idToken,
    );
    expect(beyond.body.members).toEqual([]);
  });
});
