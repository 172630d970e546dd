/**
 * The request counters that matter hold across function instances (kept in the database with the
 * server's clock), and a throttled request costs no Auth lookup (the throttle runs on the token's uid
 * before the revocation check).
 */
import type { Auth } from 'firebase-admin/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeQuota } from '../../functions/src/http/database-counters';
import { postJson, readyMember, startApiHarness, type ApiHarness } from './api-harness';

let harness: ApiHarness;

beforeAll(async () => {
  harness = await startApiHarness();
});
afterAll(() => harness?.close());

/**
 * The harness's Auth with its lookups counted: a revocation check (verifyIdToken with checkRevoked) or
 * a getUser made by the API. Methods run on the real Auth, so the SDK's own inner calls are not counted.
 */
function countingAuth(auth: Auth): { auth: Auth; lookups: () => number } {
  let lookups = 0;
  const counted = new Proxy(auth, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (property === 'getUser' || (property === 'verifyIdToken' && args[1] === true)) lookups++;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { auth: counted, lookups: () => lookups };
}

describe('request limits', () => {
  it('hold across function instances: two instances on their own connections share one allowance', async () => {
    const member = await readyMember(harness.database);
    const limit = { generateRateLimit: { windowMs: 60_000, max: 2 } };
    const first = await harness.startApi(limit);
    const second = await harness.startApi({ ...limit, database: harness.openDatabase() });
    // An invalid body: the throttle counts the request before the body is read, and nothing is created.
    const call = (baseUrl: string) =>
      postJson(`${baseUrl}/api/generate`, {}, { token: member.idToken });
    const statuses = [];
    for (const baseUrl of [first, second, first, second])
      statuses.push((await call(baseUrl)).status);
    expect(statuses).toEqual([400, 400, 429, 429]);
    const refused = await call(second);
    expect(refused.body.error).toBe('Too many requests, please try again later');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // Regenerate and swap draw from the same allowance.
    const regenerate = await postJson(
      `${first}/api/challenges/-Nabc/regenerate`,
      {},
      { token: member.idToken },
    );
    expect(regenerate.status).toBe(429);
  });

  it('a throttled request costs no Auth lookup', async () => {
    const member = await readyMember(harness.database);
    const { auth, lookups } = countingAuth(harness.auth);
    const baseUrl = await harness.startApi({
      auth,
      recomputeRateLimit: { windowMs: 60_000, max: 1 },
    });
    const call = () => postJson(`${baseUrl}/api/me/recompute`, {}, { token: member.idToken });
    expect((await call()).status).toBe(200);
    const admitted = lookups();
    expect(admitted).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < 5; i++) expect((await call()).status).toBe(429);
    expect(lookups()).toBe(admitted);
  });

  it("count windows by the server's clock, whatever the client sends", async () => {
    const member = await readyMember(harness.database);
    let now = Date.parse('2026-11-26T12:00:00Z');
    const baseUrl = await harness.startApi({
      clock: () => now,
      identityRateLimit: { windowMs: 60_000, max: 1 },
    });
    const call = () =>
      postJson(
        `${baseUrl}/api/me/identity`,
        {},
        { token: member.idToken, headers: { Date: new Date(now + 3_600_000).toUTCString() } },
      );
    expect((await call()).status).not.toBe(429);
    expect((await call()).status).toBe(429);
    now += 59_000;
    expect((await call()).status).toBe(429);
    now += 1_000;
    expect((await call()).status).not.toBe(429);
  });

  it('a token that does not verify is refused and spends no allowance', async () => {
    const member = await readyMember(harness.database);
    const baseUrl = await harness.startApi({ identityRateLimit: { windowMs: 60_000, max: 1 } });
    const counters = async () =>
      (await harness.database.ref('serverLimits/requests/identity').get()).numChildren();
    const before = await counters();
    const refused = await postJson(`${baseUrl}/api/me/identity`, {}, { token: 'not-a-jwt' });
    expect(refused.status).toBe(401);
    expect(await counters()).toBe(before);
    expect(
      (await postJson(`${baseUrl}/api/me/identity`, {}, { token: member.idToken })).status,
    ).not.toBe(429);
  });
});

describe('consumeQuota', () => {
  it('counts in a transaction: concurrent uses from two connections never exceed the limit', async () => {
    const other = harness.openDatabase();
    const now = Date.now();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        consumeQuota(i % 2 ? other : harness.database, {
          key: 'test/concurrent',
          limit: 5,
          windowMs: 60_000,
          now,
        }),
      ),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
    const refused = results.find((result) => !result.allowed);
    expect(refused?.retryAfterMs).toBe(60_000);
    expect((await harness.database.ref('serverLimits/test/concurrent').get()).val()).toEqual({
      windowStart: now,
      count: 5,
    });
  });

  it('refuses keys that are not database keys', async () => {
    await expect(
      consumeQuota(harness.database, { key: 'a/../b', limit: 1, windowMs: 1, now: 0 }),
    ).rejects.toThrow(/Invalid quota key/);
  });
});
