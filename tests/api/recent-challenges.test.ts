/**
 * readRecentChallenges reads a key range, never the member's whole history (docs/security.md, "Group
 * challenges", "Bounded reads"): challenges whose push id was minted within ACTIVE_REACH_MS are read,
 * older ones are not, whatever their stored createdAt says. POST /api/generate counts with it and the
 * stored total, and reads no member's whole challenge list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbPaths } from '@domain/data/database-paths';
import { pushKey } from '@domain/data/push-key';
import {
  ACTIVE_REACH_MS,
  readRecentChallenges,
} from '../../functions/src/challenges/challenge-records';
import {
  generatePayload,
  postJson,
  readyMember,
  startApiHarness,
  type ApiHarness,
} from './api-harness';
import { databaseWithReadLog, type DatabaseRead } from './database-hooks';

const NOW = Date.parse('2026-11-29T08:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
let harness: ApiHarness;

beforeAll(async () => {
  harness = await startApiHarness();
});
afterAll(() => harness?.close());

/** A running one-week challenge as the server stores it, made at `madeAt` (its id minted then too). */
function challengeMadeAt(madeAt: number) {
  const startDate = new Date(NOW - DAY).toISOString().slice(0, 10);
  return [pushKey(madeAt), { title: 'Week', day: 7, startDate, createdAt: madeAt }] as const;
}

describe('readRecentChallenges', () => {
  it('reads the challenges minted from the cutoff on, none before it', async () => {
    const uid = `recent-${pushKey()}`;
    const older = challengeMadeAt(NOW - ACTIVE_REACH_MS - 1);
    const ancient = challengeMadeAt(NOW - 400 * DAY);
    const atCutoff = challengeMadeAt(NOW - ACTIVE_REACH_MS);
    const recent = challengeMadeAt(NOW - DAY);
    // A stored createdAt that claims to be recent does not bring an old id into the range.
    const oldWithNewDate = [pushKey(NOW - 60 * DAY), { ...recent[1], createdAt: NOW }] as const;
    await harness.database
      .ref(dbPaths.userChallenges(uid))
      .set(Object.fromEntries([older, ancient, atCutoff, recent, oldWithNewDate]));

    const read = await readRecentChallenges(harness.database, uid, NOW);
    expect(Object.keys(read).sort()).toEqual([atCutoff[0], recent[0]].sort());
  });

  it('answers an empty record for a member with no challenges', async () => {
    expect(await readRecentChallenges(harness.database, `none-${pushKey()}`, NOW)).toEqual({});
  });
});

describe('POST /api/generate', () => {
  it("counts the active limit and the total without reading the member's whole challenge list", async () => {
    const reads: DatabaseRead[] = [];
    const baseUrl = await harness.startApi({
      clock: () => NOW,
      database: databaseWithReadLog(harness.database, (read) => reads.push(read)),
    });
    const member = await readyMember(harness.database);
    const history = [400, 200, 90].map((daysAgo) => challengeMadeAt(NOW - daysAgo * DAY));
    const list = dbPaths.userChallenges(member.uid);
    await harness.database.ref(list).set(Object.fromEntries(history));
    // The total the server keeps (create, join, leave, delete and recompute write it).
    await harness.database.ref(`${dbPaths.userInfo(member.uid)}/totalChallenges`).set(7);

    const created = await postJson(`${baseUrl}/api/generate`, generatePayload(member.uid), {
      token: member.idToken,
    });
    expect(created.status).toBe(201);
    expect(reads.filter(({ path, query }) => path === list && !query)).toEqual([]);
    expect(reads.some(({ path, query }) => path === list && query)).toBe(true);
    expect((await harness.database.ref(dbPaths.userInfo(member.uid)).get()).val()).toMatchObject({
      activeChallenges: 1,
      totalChallenges: 8,
    });
  });
});
