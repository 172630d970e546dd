import { describe, expect, it } from 'vitest';
import { mealWindow } from '@domain/challenges/meal-schedule';
import { canUploadProof, mealStatus, proofReviewLabel } from '@domain/challenges/meal-status';

describe('mealStatus', () => {
  const kolkataBreakfast = mealWindow('2025-06-10', 1, 'breakfast', 'Asia/Kolkata');

  it.each([
    ['one ms before opening', kolkataBreakfast.opensAt - 1, 'Pending'],
    ['at opening', kolkataBreakfast.opensAt, 'Available'],
    ['inside', kolkataBreakfast.opensAt + 3600_000, 'Available'],
    ['at closing', kolkataBreakfast.closesAt, 'Available'],
    ['one ms after closing', kolkataBreakfast.closesAt + 1, 'Expired'],
  ] as const)('is %s → %s (Asia/Kolkata)', (_label, now, expected) => {
    expect(mealStatus(kolkataBreakfast, now)).toBe(expected);
  });

  it('is Done for ever once proved, whatever the time', () => {
    for (const now of [0, kolkataBreakfast.opensAt, kolkataBreakfast.closesAt + 86_400_000]) {
      expect(mealStatus({ ...kolkataBreakfast, status: 'Done' }, now)).toBe('Done');
    }
  });

  it('ignores a stored Pending/Available/Expired and computes from the clock', () => {
    expect(mealStatus({ ...kolkataBreakfast, status: 'Expired' }, kolkataBreakfast.opensAt)).toBe(
      'Available',
    );
  });

  it('uses local time on a New York DST day (dinner 20:00–23:00 EDT)', () => {
    const dinner = mealWindow('2025-03-09', 1, 'dinner', 'America/New_York');
    expect(mealStatus(dinner, Date.parse('2025-03-09T23:59:59Z'))).toBe('Pending'); // 19:59:59 EDT
    expect(mealStatus(dinner, Date.parse('2025-03-10T00:00:00Z'))).toBe('Available'); // 20:00 EDT
    expect(mealStatus(dinner, Date.parse('2025-03-10T03:00:00Z'))).toBe('Available'); // 23:00 EDT
    expect(mealStatus(dinner, Date.parse('2025-03-10T03:00:00.001Z'))).toBe('Expired');
  });

  it('allows an upload only while Available', () => {
    expect(canUploadProof(kolkataBreakfast, kolkataBreakfast.opensAt)).toBe(true);
    expect(canUploadProof(kolkataBreakfast, kolkataBreakfast.closesAt + 1)).toBe(false);
    expect(canUploadProof({ ...kolkataBreakfast, status: 'Done' }, kolkataBreakfast.opensAt)).toBe(
      false,
    );
    expect(canUploadProof(kolkataBreakfast, kolkataBreakfast.opensAt - 1)).toBe(false);
  });
});

describe('proofs under review', () => {
  const lunch = mealWindow('2025-06-10', 1, 'lunch', 'Asia/Kolkata');
  const inside = lunch.opensAt + 60_000;
  const path = (attempt: number) =>
    `Challenge/uid/-Nabcdefghijklmnopqr/Day1-lunch${attempt > 1 ? `-${attempt}` : ''}.jpg`;

  it('reads "Under review" while flagged, "Rejected" once rejected, nothing when approved', () => {
    expect(proofReviewLabel({ status: 'Done', review: { state: 'flagged' } })).toBe('Under review');
    expect(proofReviewLabel({ status: 'Rejected', review: { state: 'rejected' } })).toBe(
      'Rejected',
    );
    expect(proofReviewLabel({ status: 'Done', review: { state: 'approved' } })).toBe(undefined);
    expect(proofReviewLabel({ status: 'Done' })).toBe(undefined);
  });

  it('offers another photo after a rejection while the window is open, up to the third', () => {
    const rejected = (attempt: number) => ({
      ...lunch,
      status: 'Rejected',
      imgPath: path(attempt),
      review: { state: 'rejected' as const },
    });
    expect(mealStatus(rejected(1), inside)).toBe('Available');
    expect(canUploadProof(rejected(1), inside)).toBe(true);
    expect(canUploadProof(rejected(2), inside)).toBe(true);
    expect(canUploadProof(rejected(3), inside)).toBe(false);
    expect(canUploadProof(rejected(1), lunch.closesAt + 1)).toBe(false);
    expect(canUploadProof({ ...lunch, status: 'Done', review: { state: 'flagged' } }, inside)).toBe(
      false,
    );
  });
});
