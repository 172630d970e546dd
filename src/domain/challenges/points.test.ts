import { describe, expect, it } from 'vitest';
import type { ChallengeRecord, DayMeals, MealRecord } from '@domain/challenges/challenge-record';
import { MEAL_SLOTS, type MealSlot } from '@domain/constants';
import { challengeSchedule } from '@domain/challenges/meal-schedule';
import { isoWeekKey, monthKey } from '@domain/calendar-dates';
import { computeScore, periodKeys } from '@domain/challenges/points';
import { seededRandom } from '../../../functions/src/planner/seeded-random';

type ScoredChallenge = Pick<ChallengeRecord, 'day' | 'deleted' | 'timezone' | 'meals'>;

/** A challenge whose listed meals were proved `offsetMs` after their window opened. */
function challenge(
  startDate: string,
  days: number,
  proved: Array<[dayNumber: number, slot: MealSlot, offsetMs?: number]>,
  timezone = 'Asia/Kolkata',
  deleted = false,
): ScoredChallenge {
  const meals: Record<string, DayMeals> = {};
  challengeSchedule(startDate, days, timezone).forEach((windows, index) => {
    const day: DayMeals = {};
    for (const slot of MEAL_SLOTS) {
      day[slot] = {
        name: 'x',
        calories: 1,
        protein: 1,
        carbs: 1,
        fat: 1,
        details: '',
        img: '',
        status: 'Pending',
        ...windows[slot],
      } as MealRecord;
    }
    meals[`Day${index + 1}`] = day;
  });
  for (const [dayNumber, slot, offsetMs = 60_000] of proved) {
    const meal = meals[`Day${dayNumber}`][slot]!;
    meal.status = 'Done';
    meal.doneAt = meal.opensAt + offsetMs;
  }
  return { day: days, deleted, timezone, meals };
}

describe('computeScore', () => {
  it('gives 10 per meal proved in its window', () => {
    const score = computeScore([
      challenge('2025-06-10', 2, [
        [1, 'breakfast'],
        [2, 'dinner'],
      ]),
    ]);
    expect(score.total).toBe(20);
    expect(score.weekly).toEqual({ '2025-W24': 20 });
    expect(score.monthly).toEqual({ '2025-06': 20 });
  });

  it('adds 10 for a full day and 50 for a full challenge', () => {
    const fullDay = challenge('2025-06-10', 2, [
      [1, 'breakfast'],
      [1, 'lunch'],
      [1, 'dinner'],
    ]);
    expect(computeScore([fullDay]).total).toBe(40);
    const full = challenge('2025-06-10', 1, [
      [1, 'breakfast'],
      [1, 'lunch'],
      [1, 'dinner'],
    ]);
    expect(computeScore([full]).total).toBe(30 + 10 + 50);
  });

  it('ignores proofs outside the window', () => {
    const late = challenge('2025-06-10', 1, [
      [1, 'breakfast', 3 * 3600_000],
      [1, 'lunch', -1],
    ]);
    expect(computeScore([late]).total).toBe(0);
  });

  it('counts a proof at the first and at the last millisecond of its window, not one outside', () => {
    const at = (edge: 'opensAt' | 'closesAt', shift: number) => {
      const scored = challenge('2025-06-10', 1, [[1, 'lunch']]);
      const lunch = scored.meals.Day1.lunch!;
      lunch.doneAt = lunch[edge] + shift;
      return computeScore([scored]).total;
    };
    expect([at('opensAt', 0), at('closesAt', 0)]).toEqual([10, 10]);
    expect([at('opensAt', -1), at('closesAt', 1)]).toEqual([0, 0]);
  });

  it('counts nothing for a deleted challenge but lists its periods with 0', () => {
    const deleted = challenge('2025-06-10', 1, [[1, 'breakfast']], 'Asia/Kolkata', true);
    const kept = challenge('2025-07-01', 1, [[1, 'lunch']]);
    const score = computeScore([deleted, kept]);
    expect(score.total).toBe(10);
    expect(score.weekly).toEqual({ '2025-W24': 0, '2025-W27': 10 });
    expect(score.monthly).toEqual({ '2025-06': 0, '2025-07': 10 });
  });

  it('keys weeks and months in the member zone, with bonuses at the last proof', () => {
    // Sunday 2025-08-31 dinner in New York is Monday 1 September in UTC.
    const edge = challenge(
      '2025-08-31',
      1,
      [
        [1, 'breakfast'],
        [1, 'lunch'],
        [1, 'dinner', 3600_000],
      ],
      'America/New_York',
    );
    const score = computeScore([edge]);
    expect(score.total).toBe(90);
    expect(score.weekly).toEqual({ '2025-W35': 90 });
    expect(score.monthly).toEqual({ '2025-08': 90 });
  });

  it('sums several challenges', () => {
    const challenges = [
      challenge('2025-06-10', 1, [[1, 'lunch']]),
      challenge('2025-06-11', 1, [[1, 'dinner']]),
    ];
    expect(computeScore(challenges).total).toBe(20);
  });
});

describe('periodKeys', () => {
  it(
    'gives the keys isoWeekKey and monthKey give, in zones from UTC-12 to UTC+14',
    { timeout: 30_000 },
    () => {
      const zones = [
        'Etc/GMT+12',
        'America/Los_Angeles',
        'UTC',
        'Asia/Kolkata',
        'Pacific/Kiritimati',
      ];
      const random = seededRandom('period-keys');
      const from = Date.parse('1999-12-20T00:00:00Z');
      const to = Date.parse('2041-01-10T00:00:00Z');
      // Random instants, and every hour around the turn of a few years (where ISO weeks straddle).
      const instants = Array.from({ length: 300 }, () => from + Math.floor(random() * (to - from)));
      for (const year of [2020, 2021, 2026, 2027, 2032])
        for (let hour = -96; hour <= 96; hour += 6)
          instants.push(Date.UTC(year, 0, 1) + hour * 3_600_000 + 1_800_000);
      for (const at of instants)
        for (const zone of zones)
          expect(periodKeys(at, zone)).toEqual({
            week: isoWeekKey(at, zone),
            month: monthKey(at, zone),
          });
    },
  );
});
