/**
 * readRecentChallenges reads a key range, never the member's whole history (docs/security.md, "Group
 * challenges", "Bounded reads"): challenges whose push id was minted within ACTIVE_REACH_MS are read,
 * older ones are not, whatever their stored createdAt says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbPaths } from '@domain/data/database-paths';
import { pushKey } from '@domain/data/push-key';
import {
  ACTIVE_REACH_MS,
  readRecentChallenges,
} from '../../functions/src/challenges/challenge-records';
import { startApiHarness, type ApiHarness } from './api-harness';

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
