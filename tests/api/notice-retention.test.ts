/**
 * keepLatestNotices (functions/src/groups/notice-retention.ts): a member keeps their latest 50 notices, against the
 * RTDB emulator with the index database.rules.json declares on users/{uid}/notices (`at`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbPaths } from '@domain/data/database-paths';
import { keepLatestNotices, NOTICES_KEPT } from '../../functions/src/groups/notice-retention';
import { startApiHarness, type ApiHarness } from './api-harness';

let harness: ApiHarness;
beforeAll(async () => {
  harness = await startApiHarness();
});
afterAll(() => harness?.close());

const notice = (at: number) => ({
  kind: 'cheer',
  at,
  fromUid: 'oscar',
  fromName: 'Oscar',
  fromPhotoURL: '',
  ownerId: 'olivia',
  challengeId: '-NxNoticeChallenge01',
  title: 'Lean week',
  meal: 'Day1-lunch',
});

/** A notice at each of `times`, stored under keys that do not sort by time. */
async function noticesAt(uid: string, times: number[]) {
  const entries = Object.fromEntries(
    times.map((at, index) => [`k${String((index * 7919) % 10_007).padStart(5, '0')}`, notice(at)]),
  );
  await harness.database.ref(dbPaths.notices(uid)).set(entries);
}

const storedTimes = async (uid: string) =>
  Object.values(
    ((await harness.database.ref(dbPaths.notices(uid)).get()).val() ?? {}) as Record<
      string,
      { at: number }
    >,
  )
    .map((stored) => stored.at)
    .sort((a, b) => a - b);

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe('notices keep the latest 50 per member', () => {
  it('removes every notice older than the latest 50', async () => {
    await noticesAt('many', range(1, 75));
    await keepLatestNotices(harness.database, 'many');
    expect(NOTICES_KEPT).toBe(50);
    expect(await storedTimes('many')).toEqual(range(26, 75));
  });

  it('keeps all of 50 or fewer, and a second run changes nothing', async () => {
    await noticesAt('few', range(1, 50));
    await keepLatestNotices(harness.database, 'few');
    await keepLatestNotices(harness.database, 'few');
    expect(await storedTimes('few')).toEqual(range(1, 50));
    await keepLatestNotices(harness.database, 'none');
    expect(await storedTimes('none')).toEqual([]);
  });

  it('breaks a tie at the 50th by key: exactly 50 stay', async () => {
    await noticesAt('ties', [...Array<number>(30).fill(5), ...Array<number>(30).fill(9)]);
    await keepLatestNotices(harness.database, 'ties');
    const times = await storedTimes('ties');
    expect(times.length).toBe(50);
    expect(times.filter((at) => at === 9).length).toBe(30);
  });
});
