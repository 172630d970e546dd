/**
 * What every visitor sees (the home banner, the "Follow ChallangeX" links) changes only through the
 * audited API: admins only, validated, each change written with its audit entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAuditEntry } from '@domain/site/moderation-records';
import {
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

const signUpAdmin = () => signUpWithClaims(harness.auth, { admin: true });

const post = (path: string, body: unknown, token?: string) =>
  postJson(`${harness.baseUrl}${path}`, body, { token });
const read = async (path: string) => (await harness.database.ref(path).get()).val() as unknown;
const audit = async () =>
  Object.values(((await read('moderation/audit')) ?? {}) as Record<string, AdminAuditEntry>);

const LINKS = {
  facebook: 'https://facebook.com/challangex',
  twitter: 'https://x.com/challangex',
  linkedin: '',
  github: 'https://github.com/challangex-app',
  youtube: 'https://www.youtube.com/@challangex',
};

beforeAll(async () => {
  harness = await startApiHarness();
  admin = await signUpAdmin();
  member = await readyMember(harness.database);
});
afterAll(() => harness?.close());

describe('website settings through the audited API', () => {
  it.each(['/api/admin/website/banner', '/api/admin/website/social-links'])(
    '%s: 401 without a token, 403 for a member, nothing written',
    async (path) => {
      expect((await post(path, { val: 'Spam' })).status).toBe(401);
      const asMember = await post(path, { val: 'Spam' }, member.idToken);
      expect(asMember.status).toBe(403);
      expect(await read('website')).toBeNull();
    },
  );

  it('an admin changes the banner, and the audit log records who and what', async () => {
    const response = await post(
      '/api/admin/website/banner',
      { val: ' Meal Sleep Steps ' },
      admin.idToken,
    );
    expect(response.status).toBe(200);
    expect(await read('website/banner/val')).toBe('Meal Sleep Steps');
    const entries = (await audit()).filter((entry) => entry.action === 'edit-banner');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'edit-banner',
      actor: { uid: admin.uid, email: admin.email },
      target: { label: 'Home banner' },
      reason: 'Meal Sleep Steps',
    });
    expect(typeof entries[0]?.at).toBe('number');
  });

  it('refuses a banner over 500 characters or with unknown fields, writing nothing', async () => {
    const before = (await audit()).length;
    const long = await post('/api/admin/website/banner', { val: 'x'.repeat(501) }, admin.idToken);
    expect(long.status).toBe(400);
    expect(long.body.error).toMatch(/^val: At most 500 characters/);
    const extra = await post(
      '/api/admin/website/banner',
      { val: 'ok', html: '<b>' },
      admin.idToken,
    );
    expect(extra.status).toBe(400);
    expect((await audit()).length).toBe(before);
  });

  it("an admin sets the site's social links, each on its own site, audited", async () => {
    const response = await post('/api/admin/website/social-links', LINKS, admin.idToken);
    expect(response.status).toBe(200);
    expect(await read('website/social-link')).toEqual(LINKS);
    const entries = (await audit()).filter((entry) => entry.action === 'edit-site-links');
    expect(entries).toHaveLength(1);
    expect(entries[0]?.reason).toContain('github: https://github.com/challangex-app');
  });

  it.each([
    ['a link on another site', { ...LINKS, facebook: 'https://evil.example/facebook' }, 'facebook'],
    ['a look-alike host', { ...LINKS, github: 'https://github.com.evil.example/x' }, 'github'],
    ['another network’s site', { ...LINKS, youtube: 'https://github.com/x' }, 'youtube'],
    ['plain http', { ...LINKS, twitter: 'http://x.com/challangex' }, 'twitter'],
    ['a javascript: link', { ...LINKS, linkedin: 'javascript:alert(1)' }, 'linkedin'],
    ['a network the footer does not have', { ...LINKS, tiktok: 'https://tiktok.com/@x' }, 'tiktok'],
  ])('refuses %s with 400 naming the field', async (_what, links, field) => {
    const before = await read('website/social-link');
    const response = await post('/api/admin/website/social-links', links, admin.idToken);
    expect(response.status).toBe(400);
    expect(String(response.body.error)).toContain(field);
    expect(await read('website/social-link')).toEqual(before);
  });
});
