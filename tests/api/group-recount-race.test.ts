/**
 * A leave racing the leaver's recounts (POST /api/me/recompute), 50 times over: no row left, the count
 * exact (docs/security.md, "Group challenges", "No write brings a departed member back").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbPaths } from '@domain/data/database-paths';
import { groupApi } from './group-api';
import { readyMember, startApiHarness, type ApiHarness } from './api-harness';

const INDIA_EVENING = Date.parse('2025-06-10T12:00:00Z');
let harness: ApiHarness;
let secondApi: string;
const limits = {
  clock: () => INDIA_EVENING,
  generateRateLimit: { windowMs: 60_000, max: 10_000 },
  groupRateLimit: { windowMs: 60_000, max: 10_000 },
  recomputeRateLimit: { windowMs: 60_000, max: 10_000 },
  log: (message: string, error: unknown) => console.error(message, error),
};
beforeAll(async () => {
  harness = await startApiHarness(limits);
  secondApi = await harness.startApi({ ...limits, database: harness.openDatabase() });
});
afterAll(() => harness?.close());
const { read, send, createChallenge, tokenOf } = groupApi(() => harness);
const api = (index: number) => (index % 2 ? secondApi : harness.baseUrl);

describe('recounts racing a leave', () => {
  it('a leave racing 20 recounts of the leaver, 50 times over: no row left, the count exact', async () => {
    const owner = await readyMember(harness.database);
    const challengeId = await createChallenge(owner);
    const token = await tokenOf(owner, challengeId);
    for (let round = 0; round < 50; round++) {
      const leaver = await readyMember(harness.database);
      const joined = await send(
        'POST',
        `/api/challenges/${challengeId}/join`,
        leaver,
        { token },
        api(round),
      );
      expect(joined.status).toBe(201);
      const [left, ...recounts] = await Promise.all([
        send('POST', `/api/challenges/${challengeId}/leave`, leaver, undefined, api(round)),
        ...Array.from({ length: 20 }, (_, index) =>
          send('POST', '/api/me/recompute', leaver, { challengeId }, api(round + index + 1)),
        ),
      ]);
      expect(left.status).toBe(200);
      expect({
        round,
        failed: recounts.filter(({ status }) => status !== 200).map(({ status }) => status),
      }).toEqual({ round, failed: [] });
      expect({ round, row: await read(dbPaths.groupMember(challengeId, leaver.uid)) }).toEqual({
        round,
        row: null,
      });
      expect({ round, count: await read(dbPaths.groupMemberCount(challengeId)) }).toEqual({
        round,
        count: 1,
      });
    }
  }, 60_000);
});
