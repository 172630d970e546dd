import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMemberPage } from '@domain/site/moderation-records';
import { postJson, signUpWithClaims, startApiHarness, type ApiHarness } from './api-harness';

// Who is an admin is the server's admins/{uid} record, exactly `true` (functions/src/admin/admin-record.ts), for
// the API's requireAdmin, the member list's flag and database.rules.json alike: a claim that is merely
// truthy, as a typo in a script that grants it might leave, grants nothing, and neither does `admin: true`
// on a token whose record is gone.

let harness: ApiHarness;

interface ClaimedMember {
  uid: string;
  email: string;
  idToken: string;
}

/** A member whose account carries `admin: claim`, signed in after it was set so the token has it. */
async function memberWithAdminClaim(claim: unknown): Promise<ClaimedMember> {
  const member = await signUpWithClaims(harness.auth, { admin: claim });
  const claims = JSON.parse(Buffer.from(member.idToken.split('.')[1]!, 'base64url').toString()) as {
    admin?: unknown;
  };
  expect(claims.admin).toEqual(claim);
  return member;
}

const get = async (path: string, token: string) => {
  const response = await fetch(`${harness.baseUrl}${path}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

let admin: ClaimedMember;

beforeAll(async () => {
  harness = await startApiHarness();
  admin = await memberWithAdminClaim(true);
});
afterAll(() => harness?.close());

const TRUTHY_CLAIMS: Array<[string, unknown]> = [
  ["'yes'", 'yes'],
  ['1', 1],
  ["'true'", 'true'],
  ['{}', {}],
];

describe('an admin claim that is truthy but not true', () => {
  it.each(TRUTHY_CLAIMS)('admin: %s is refused every admin route (403)', async (_name, claim) => {
    const member = await memberWithAdminClaim(claim);
    for (const path of ['/api/admin/members', '/api/admin/challenges/hidden']) {
      const response = await get(path, member.idToken);
      expect(response.status, path).toBe(403);
      expect(response.body.error).toBe('Only administrators may do this');
    }
    const hide = await postJson(
      `${harness.baseUrl}/api/admin/challenges/some-cid/hide`,
      { ownerId: admin.uid },
      { token: member.idToken },
    );
    expect(hide.status).toBe(403);
    const disable = await postJson(
      `${harness.baseUrl}/api/admin/members/${admin.uid}/disable`,
      {},
      { token: member.idToken },
    );
    expect(disable.status).toBe(403);
  });

  it('is not listed as an admin; admin: true is', async () => {
    const claimed = await Promise.all(
      TRUTHY_CLAIMS.map(([, claim]) => memberWithAdminClaim(claim)),
    );
    const flagOf = async (member: ClaimedMember) => {
      const response = await get(
        `/api/admin/members?q=${encodeURIComponent(member.email)}`,
        admin.idToken,
      );
      expect(response.status).toBe(200);
      const { members } = response.body as unknown as AdminMemberPage;
      expect(members.map((row) => row.uid)).toEqual([member.uid]);
      return members[0]!.admin;
    };
    expect(await Promise.all(claimed.map(flagOf))).toEqual(TRUTHY_CLAIMS.map(() => false));
    expect(await flagOf(admin)).toBe(true);
  });
});

describe('an admin whose admins/{uid} record is gone', () => {
  it('is refused every admin route (403) and not listed as an admin, though the token still says admin: true', async () => {
    const former = await memberWithAdminClaim(true);
    expect((await get('/api/admin/members', former.idToken)).status).toBe(200);
    // What `npm run admin:revoke` removes first; this token is not revoked, and says admin: true.
    await harness.database.ref(`admins/${former.uid}`).remove();
    for (const path of [
      '/api/admin/members',
      '/api/admin/challenges/hidden',
      '/api/admin/proofs',
    ]) {
      const response = await get(path, former.idToken);
      expect(response.status, path).toBe(403);
      expect(response.body.error).toBe('Only administrators may do this');
    }
    const listed = await get(
      `/api/admin/members?q=${encodeURIComponent(former.email)}`,
      admin.idToken,
    );
    const { members } = listed.body as unknown as AdminMemberPage;
    expect(members.map((row) => [row.uid, row.admin])).toEqual([[former.uid, false]]);
  });
});
