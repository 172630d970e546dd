import { describe, expect, it } from 'vitest';
import { myChallenges, type MyChallengeRecord } from './my-challenges';

const NOW = Date.UTC(2026, 10, 29, 12);
const HOUR = 3_600_000;

const record = (
  title: string,
  createdAt: number,
  lastCloses: number,
  extra: Partial<MyChallengeRecord> = {},
): MyChallengeRecord => ({
  title,
  day: 1,
  createdAt,
  deleted: false,
  isActive: true,
  meals: {
    Day1: {
      dinner: {
        closesAt: lastCloses,
        opensAt: lastCloses - HOUR,
      } as NonNullable<MyChallengeRecord['meals']['Day1']['dinner']>,
    },
  },
  ...extra,
});

describe('myChallenges', () => {
  it('lists active challenges first, ending soonest on top, then past ones newest first', () => {
    const listed = myChallenges(
      'me',
      [
        { key: 'old', value: record('Old', NOW - 90 * 24 * HOUR, NOW - 80 * 24 * HOUR) },
        { key: 'later', value: record('Ends later', NOW - 2 * HOUR, NOW + 48 * HOUR) },
        { key: 'recent', value: record('Recent past', NOW - 9 * 24 * HOUR, NOW - 2 * 24 * HOUR) },
        { key: 'soon', value: record('Ends soon', NOW - 5 * HOUR, NOW + 3 * HOUR) },
      ],
      NOW,
    );
    expect(listed.map(({ title, active }) => [title, active])).toEqual([
      ['Ends soon', true],
      ['Ends later', true],
      ['Recent past', false],
      ['Old', false],
    ]);
  });

  it("leaves deleted ones out, counts deactivated ones as past, and uses the group owner's address", () => {
    const listed = myChallenges(
      'me',
      [
        { key: 'gone', value: record('Gone', NOW, NOW + HOUR, { deleted: true }) },
        { key: 'off', value: record('Off', NOW, NOW + HOUR, { isActive: false }) },
        { key: 'team', value: record('Team', NOW, NOW + HOUR, { groupOwnerId: 'owner' }) },
      ],
      NOW,
    );
    expect(
      listed.map(({ challengeId, ownerId, active }) => [challengeId, ownerId, active]),
    ).toEqual([
      ['team', 'owner', true],
      ['off', 'me', false],
    ]);
  });
});
