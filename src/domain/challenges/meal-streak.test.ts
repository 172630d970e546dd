import { describe, expect, it, vi } from 'vitest';
import { addDays, zonedTimeToEpochMs } from '@domain/calendar-dates';
import type { ChallengeRecord, DayMeals, MealRecord } from '@domain/challenges/challenge-record';
import { MEAL_SLOTS, type MealSlot } from '@domain/constants';
import { challengeSchedule } from '@domain/challenges/meal-schedule';
import { computeMealStreak } from '@domain/challenges/meal-streak';
import { seededRandom, type RandomSource } from '../../../functions/src/planner/seeded-random';

type StreakChallenge = Pick<
  ChallengeRecord,
  'day' | 'deleted' | 'startDate' | 'createdAt' | 'meals'
>;
type Proof = [dayNumber: number, slot: MealSlot, offsetMs?: number];

const ZONES = ['Etc/GMT+12', 'America/Los_Angeles', 'UTC', 'Asia/Kolkata', 'Pacific/Kiritimati'];
const HOUR = 60 * 60 * 1000;

/** A challenge created at 07:00 on its start date (every window still open) unless `createdAt` says. */
function challenge(
  startDate: string,
  days: number,
  proved: Proof[],
  timezone = 'Asia/Kolkata',
  options: { deleted?: boolean; createdAt?: number } = {},
): StreakChallenge {
  const meals: Record<string, DayMeals> = {};
  challengeSchedule(startDate, days, timezone).forEach((windows, index) => {
    const day: DayMeals = {};
    for (const slot of MEAL_SLOTS)
      day[slot] = { name: 'x', status: 'Pending', ...windows[slot] } as MealRecord;
    meals[`Day${index + 1}`] = day;
  });
  for (const [dayNumber, slot, offsetMs = 60_000] of proved) {
    const meal = meals[`Day${dayNumber}`][slot]!;
    meal.status = 'Done';
    meal.doneAt = offsetMs >= 0 ? meal.opensAt + offsetMs : meal.closesAt + offsetMs + 1;
  }
  return {
    day: days,
    deleted: options.deleted ?? false,
    startDate,
    createdAt: options.createdAt ?? zonedTimeToEpochMs(startDate, 7, 0, timezone),
    meals,
  };
}

/** Two meals proved on each listed day. */
const twoMeals = (...dayNumbers: number[]): Proof[] =>
  dayNumbers.flatMap((day): Proof[] => [
    [day, 'breakfast'],
    [day, 'lunch'],
  ]);

const farFuture = Date.parse('2030-01-01T00:00:00Z');

describe('meal streaks', () => {
  it('counts a day with two meals proved in their windows, not one with one', () => {
    const one = challenge('2026-03-02', 2, [...twoMeals(1), [2, 'dinner']]);
    expect(computeMealStreak([one], farFuture)).toMatchObject({ current: 0, best: 1 });
    expect(computeMealStreak([one], farFuture).lastBreak).toEqual({ days: 1, on: '2026-03-03' });
  });

  it('counts a proof at the very end of its window and not one a millisecond later', () => {
    const atClose = challenge('2026-03-02', 1, [
      [1, 'breakfast', -1],
      [1, 'lunch', -1],
    ]);
    expect(computeMealStreak([atClose], farFuture).current).toBe(1);
    const late = challenge('2026-03-02', 1, [
      [1, 'breakfast'],
      [1, 'lunch', -1],
    ]);
    const lunch = late.meals.Day1.lunch!;
    lunch.doneAt = lunch.closesAt + 1;
    expect(computeMealStreak([late], farFuture).current).toBe(0);
  });

  it('counts a challenge created during dinner with only that dinner proved on its first day', () => {
    const createdAt = zonedTimeToEpochMs('2026-03-02', 21, 0, 'Asia/Kolkata');
    const lateStart = challenge('2026-03-02', 2, [[1, 'dinner'], ...twoMeals(2)], 'Asia/Kolkata', {
      createdAt,
    });
    expect(computeMealStreak([lateStart], farFuture).current).toBe(2);
    // Any other day needs two meals even if only one was left.
    const notFirst = challenge('2026-03-02', 2, [...twoMeals(1), [2, 'dinner']]);
    expect(computeMealStreak([notFirst], farFuture).current).toBe(0);
  });

  it('a day still under way neither counts nor breaks until it qualifies or ends', () => {
    const running = challenge('2026-03-02', 2, [...twoMeals(1), [2, 'breakfast']]);
    const lunchOfDay2 = zonedTimeToEpochMs('2026-03-03', 13, 0, 'Asia/Kolkata');
    expect(computeMealStreak([running], lunchOfDay2)).toMatchObject({ current: 1, best: 1 });
    const afterDinner = zonedTimeToEpochMs('2026-03-03', 23, 1, 'Asia/Kolkata');
    expect(computeMealStreak([running], afterDinner)).toMatchObject({ current: 0, best: 1 });
  });

  it('days without a challenge pause the streak', () => {
    const first = challenge('2026-03-02', 2, twoMeals(1, 2));
    const afterGap = challenge('2026-03-20', 1, twoMeals(1));
    expect(computeMealStreak([first, afterGap], farFuture).current).toBe(3);
  });

  it('deleted challenges count for nothing', () => {
    const kept = challenge('2026-03-02', 1, twoMeals(1));
    const deleted = challenge('2026-03-03', 1, twoMeals(1), 'Asia/Kolkata', { deleted: true });
    expect(computeMealStreak([kept, deleted], farFuture)).toMatchObject({ current: 1, best: 1 });
  });

  it('overlapping challenges: one qualifying challenge makes the date a streak day, once', () => {
    const a = challenge('2026-03-02', 3, twoMeals(1, 2, 3));
    const b = challenge('2026-03-03', 1, []);
    expect(computeMealStreak([a, b], farFuture).current).toBe(3);
  });

  it('earns a freeze every 7 streak days, holds at most 2, and spends one on a short day', () => {
    const week = challenge('2026-03-02', 7, twoMeals(1, 2, 3, 4, 5, 6, 7));
    expect(computeMealStreak([week], farFuture)).toMatchObject({ current: 7, freezes: 1 });
    const short = challenge('2026-03-09', 2, twoMeals(2));
    expect(computeMealStreak([week, short], farFuture)).toMatchObject({
      current: 8,
      best: 8,
      freezes: 0,
    });
    const threeWeeks = [0, 7, 14].map((offset) =>
      challenge(addDays('2026-03-02', offset), 7, twoMeals(1, 2, 3, 4, 5, 6, 7)),
    );
    expect(computeMealStreak(threeWeeks, farFuture)).toMatchObject({ current: 21, freezes: 2 });
  });
});

/** A random history: challenges of 1–7 days with gaps, overlaps and random proofs. */
function randomHistory(random: RandomSource, zone: string): StreakChallenge[] {
  const challenges: StreakChallenge[] = [];
  let start = '2026-01-05';
  for (let index = 0; index < 2 + Math.floor(random() * 5); index++) {
    const days = 1 + Math.floor(random() * 7);
    const proofs: Proof[] = [];
    for (let day = 1; day <= days; day++)
      for (const slot of MEAL_SLOTS) if (random() < 0.6) proofs.push([day, slot]);
    challenges.push(challenge(start, days, proofs, zone));
    // Sometimes overlapping (negative gap), sometimes a pause of several days.
    start = addDays(start, days + Math.floor(random() * 6) - 2);
  }
  return challenges;
}

describe('meal streak properties over seeded histories, UTC−12 to UTC+14', () => {
  const cases = Array.from({ length: 200 }, (_, index) => ({
    seed: `streak-${index}`,
    zone: ZONES[index % ZONES.length],
  }));

  it('current ≤ best, freezes within 0–2, and the same result however the history is ordered', () => {
    for (const { seed, zone } of cases) {
      const history = randomHistory(seededRandom(seed), zone);
      const streak = computeMealStreak(history, farFuture);
      expect(streak.current).toBeLessThanOrEqual(streak.best);
      expect(streak.freezes).toBeGreaterThanOrEqual(0);
      expect(streak.freezes).toBeLessThanOrEqual(2);
      expect(computeMealStreak([...history].reverse(), farFuture)).toEqual(streak);
    }
  });

  it('a fully proved challenge after any history adds its days to the current streak', () => {
    for (const { seed, zone } of cases) {
      const history = randomHistory(seededRandom(seed), zone);
      const before = computeMealStreak(history, farFuture);
      const next = challenge('2026-12-01', 3, twoMeals(1, 2, 3), zone);
      const after = computeMealStreak([...history, next], farFuture);
      expect(after.current).toBe(before.current + 3);
      expect(after.best).toBe(Math.max(before.best, before.current + 3));
    }
  });

  it('an unproved day after the history spends a freeze if one is held, else breaks the streak', () => {
    for (const { seed, zone } of cases) {
      const history = randomHistory(seededRandom(seed), zone);
      const before = computeMealStreak(history, farFuture);
      const after = computeMealStreak(
        [...history, challenge('2026-12-01', 1, [], zone)],
        farFuture,
      );
      if (before.freezes > 0)
        expect(after).toMatchObject({ current: before.current, freezes: before.freezes - 1 });
      else expect(after.current).toBe(0);
    }
  });

  it('the streak is derived from its input alone: not the wall clock, not an earlier call, and the input is left as it was', () => {
    // Mid-history and long after it: a streak that read the wall clock instead of `now` would differ.
    const wallClocks = [Date.parse('2026-01-20T12:00:00Z'), Date.parse('2031-06-01T00:00:00Z')];
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const histories = cases
        .slice(0, 20)
        .map(({ seed, zone }) => randomHistory(seededRandom(seed), zone));
      const untouched = structuredClone(histories);
      vi.setSystemTime(wallClocks[0]!);
      const first = histories.map((history) => computeMealStreak(history, farFuture));
      // Another order of calls under another clock: each history alone decides its answer.
      vi.setSystemTime(wallClocks[1]!);
      const again = [...histories]
        .reverse()
        .map((history) => computeMealStreak(history, farFuture))
        .reverse();
      expect(again).toEqual(first);
      expect(histories).toEqual(untouched);
      // The answers differ between histories: the comparison above could tell them apart.
      expect(new Set(first.map((streak) => JSON.stringify(streak))).size).toBeGreaterThan(5);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('time zones', () => {
  it("a proof at the dinner window's close (23:00 local) counts in every zone", () => {
    for (const zone of ZONES) {
      const dinnerOnly = challenge(
        '2026-03-02',
        1,
        [
          [1, 'lunch'],
          [1, 'dinner', -1],
        ],
        zone,
      );
      const dinner = dinnerOnly.meals.Day1.dinner!;
      expect(dinner.closesAt - dinner.opensAt).toBe(3 * HOUR);
      expect(computeMealStreak([dinnerOnly], farFuture).current).toBe(1);
    }
  });
});
