import { describe, expect, it } from 'vitest';
import {
  challengeEndsAt,
  countChallenges,
  creationsInLastDay,
  isChallengeActive,
} from '@domain/challenges/challenge-activity';
import { challengeSchedule, hasWindowLeft } from '@domain/challenges/meal-schedule';

const [day1] = challengeSchedule('2025-06-10', 1, 'Asia/Kolkata');
const meals = { Day1: day1 } as never;

describe('isChallengeActive', () => {
  it('is active until its last window closes', () => {
    const challenge = { deleted: false, isActive: true, meals };
    expect(challengeEndsAt(challenge)).toBe(day1.dinner.closesAt);
    expect(isChallengeActive(challenge, day1.dinner.closesAt)).toBe(true);
    expect(isChallengeActive(challenge, day1.dinner.closesAt + 1)).toBe(false);
  });

  it('is never active once deleted or deactivated', () => {
    expect(isChallengeActive({ deleted: true, isActive: true, meals }, 0)).toBe(false);
    expect(isChallengeActive({ deleted: false, isActive: false, meals }, 0)).toBe(false);
  });
});

describe('countChallenges', () => {
  it('leaves deleted challenges out of both counts', () => {
    const counts = countChallenges(
      [
        { deleted: false, isActive: true, meals },
        { deleted: true, isActive: false, meals },
        { deleted: false, isActive: true, meals },
      ],
      day1.dinner.closesAt + 1,
    );
    expect(counts).toEqual({ activeChallenges: 0, totalChallenges: 2 });
    expect(countChallenges([{ deleted: false, isActive: true, meals }], 0)).toEqual({
      activeChallenges: 1,
      totalChallenges: 1,
    });
  });
});

describe('creationsInLastDay', () => {
  it('lists creations of the last 24 hours, deleted ones included, oldest first', () => {
    const now = day1.dinner.closesAt;
    const hour = 3_600_000;
    expect(
      creationsInLastDay(
        [
          { createdAt: now - hour },
          { createdAt: now - 24 * hour },
          { createdAt: now - 5 * hour },
          {},
        ],
        now,
      ),
    ).toEqual([now - 5 * hour, now - hour]);
  });
});

describe('hasWindowLeft', () => {
  it('is true until the last window of the schedule closes', () => {
    const schedule = challengeSchedule('2025-06-10', 2, 'Asia/Kolkata');
    expect(hasWindowLeft(schedule, day1.dinner.closesAt + 1)).toBe(true);
    expect(hasWindowLeft([day1], day1.dinner.closesAt)).toBe(true);
    expect(hasWindowLeft([day1], day1.dinner.closesAt + 1)).toBe(false);
  });
});
