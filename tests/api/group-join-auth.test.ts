/**
 * A join's sign-in check over HTTP on the emulators: the revocation lookup runs alongside the join's
 * first reads and its creation lock (functions/src/http/authenticate.ts, requireMemberCheckedAlongside;
 * docs/performance.md, "Group challenges") and is awaited before the join takes a place or says anything, so a
 * member disabled or deleted in Auth is refused (401) with a token that has not expired yet, before any refusal
 * of the group's, and leaves nothing behind (the lock is given back first).
 */
import type { Auth } from 'firebase-admin/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupApi } from './group-api';
import { readyMember, startApiHarness, type ApiHarness } from './api-harness';

let harness: ApiHarness;
/** An API whose Auth behaves as deployed (authAsDeployed). */
let deployed: string;

/**
 * Auth as deployed: verifyIdToken checks the signature locally and only the revocation check
 * (checkRevoked) asks Auth about the account. The emulator's verifyIdToken always asks, which would
 * hide a route that forgot to await that check.
 */
function authAsDeployed(auth: Auth): Auth {
  return new Proxy(auth, {
    get(target, key) {
      if (key === 'verifyIdToken')
        return async (idToken: string, checkRevoked?: boolean) => {
          if (checkRevoked) return target.verifyIdToken(idToken, true);
          const claims = JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString());
          return { ...claims, uid: claims.sub as string };
        };
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

beforeAll(async () => {
  harness = await startApiHarness({
    generateRateLimit: { windowMs: 60_000, max: 1_000 },
    groupRateLimit: { windowMs: 60_000, max: 1_000 },
  });
  deployed = await harness.startApi({ auth: authAsDeployed(harness.auth) });
});
afterAll(() => harness?.close());

const { join, createChallenge, tokenOf, joiner, joinWith, expectNoTrace } = groupApi(() => harness);

describe('POST /api/challenges/:challengeId/join, signed in', () => {
  it('401 for a member disabled or deleted in Auth though their token is unexpired, before the group’s own refusals; a member in good standing joins', async () => {
    const owner = await readyMember(harness.database);
    const challengeId = await createChallenge(owner);
    const token = await tokenOf(owner, challengeId);

    const disabled = await joiner();
    await harness.auth.updateUser(disabled.uid, { disabled: true });
    const refusedDisabled = await join(disabled, challengeId, { token }, deployed);
    expect(refusedDisabled.status).toBe(401);
    expect(refusedDisabled.body.error).toBe('This account is disabled');
    await expectNoTrace(disabled, challengeId);

    const deleted = await joiner();
    await harness.auth.deleteUser(deleted.uid);
    // A wrong invite token too: the sign-in's refusal comes first.
    const refusedDeleted = await join(deleted, challengeId, { token: 'x'.repeat(32) }, deployed);
    expect(refusedDeleted.status).toBe(401);
    expect(refusedDeleted.body.error).toBe('This account no longer exists');
    await expectNoTrace(deleted, challengeId);

    const member = await joiner();
    expect((await join(member, challengeId, { token }, deployed)).status).toBe(201);
    // And over the emulator's own Auth, as every other test runs.
    await joinWith(await joiner(), challengeId, token);
  });
});
