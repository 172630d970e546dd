import { describe, expect, it } from 'vitest';
import { addDays, zonedTimeToEpochMs } from '@domain/calendar-dates';
import { countChallenges } from '@domain/challenges/challenge-activity';
import type { ChallengeRecord, DayMeals, MealRecord } from '@domain/challenges/challenge-record';
import { MEAL_SLOTS } from '@domain/constants';
import { challengeSchedule } from '@domain/challenges/meal-schedule';
import { computeMealStreak } from '@domain/challenges/meal-streak';
import {
  applySettled,
  challengeContribution,
  foldBefore,
  foldBoundary,
  isSettled,
  leftContribution,
  memberTotals,
  rebuildRollup,
} from './member-rollup';
import { computeScore } from '@domain/challenges/points';
import { seededRandom, type RandomSource } from '../planner/seeded-random';

const ZONE = 'Asia/Kolkata';
const DAY = 86_400_000;

/** A challenge of `days` days from `startDate`, each meal proved inside its window with `odds`. */
function challenge(
  startDate: string,
  days: number,
  random: RandomSource,
  odds: number,
): ChallengeRecord {
  const meals: Record<string, DayMeals> = {};
  challengeSchedule(startDate, days, ZONE).forEach((windows, index) => {
    const day: DayMeals = {};
    for (const slot of MEAL_SLOTS) {
      const meal = { name: 'x', status: 'Pending', ...windows[slot] } as MealRecord;
      if (random() < odds) Object.assign(meal, { status: 'Done', doneAt: meal.opensAt + 60_000 });
      day[slot] = meal;
    }
    meals[`Day${index + 1}`] = day;
  });
  return {
    day: days,
    deleted: false,
    isActive: true,
    startDate,
    timezone: ZONE,
    createdAt: zonedTimeToEpochMs(startDate, 7, 0, ZONE),
    meals,
  } as ChallengeRecord;
}

/** A seeded history: challenges a few days apart (some overlapping, some deleted), over ~300 days. */
function history(seed: string) {
  const random = seededRandom(seed);
  const records: Record<string, ChallengeRecord> = {};
  let start = '2025-01-06';
  for (let index = 0; index < 40; index++) {
    const record = challenge(start, 1 + Math.floor(random() * 7), random, 0.4 + random() * 0.6);
    if (random() < 0.1) record.deleted = true;
    records[`c${String(index).padStart(3, '0')}`] = record;
    start = addDays(start, Math.floor(random() * 10) - 1);
  }
  return records;
}

const contributions = (records: Record<string, ChallengeRecord>, now: number) =>
  Object.fromEntries(
    Object.entries(records).map(([id, record]) => [id, challengeContribution(record, record, now)]),
  );

describe('memberTotals over a rollup', () => {
  for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
    it(`equals deriving everything from the records at every point of history (seed ${seed})`, () => {
      const records = history(seed);
      const last = Math.max(
        ...Object.values(records).map((r) => r.meals[`Day${r.day}`].dinner!.closesAt),
      );
      for (let now = records.c000.createdAt; now <= last + 3 * DAY; now += 9 * DAY + 3_600_000) {
        // Challenges that exist by then; the folded rollup and the open ones, as the server keeps them.
        const existing = Object.fromEntries(
          Object.entries(records).filter(([, record]) => record.createdAt <= now),
        );
        const { rollup, open } = rebuildRollup(contributions(existing, now), now, ZONE);
        const totals = memberTotals(rollup, Object.values(open), now, ZONE);
        const streak = computeMealStreak(Object.values(existing), now);
        expect(totals.streak).toEqual({
          currentStreak: streak.current,
          bestStreak: streak.best,
          streakFreezes: streak.freezes,
          lastStreakBreakDays: streak.lastBreak?.days ?? null,
          lastStreakBreakOn: streak.lastBreak?.on ?? null,
        });
        const score = computeScore(Object.values(existing));
        expect(totals.score.total).toBe(score.total);
        for (const [week, points] of Object.entries(score.weekly))
          expect(totals.score.weekly[week] ?? 0).toBe(points);
        expect(totals.counts).toEqual(countChallenges(Object.values(existing), now));
      }
    });
  }

  it('takes a deleted settled challenge out in place, or asks for a rebuild once it is folded', () => {
    const records = history('deleted');
    const ids = Object.keys(records);
    // Soon after the tenth challenge: its dates are inside the calendar, so not folded.
    const tenth = records[ids[9]];
    const now = tenth.meals[`Day${tenth.day}`].dinner!.closesAt + DAY;
    const existing = Object.fromEntries(ids.slice(0, 10).map((id) => [id, records[id]]));
    const all = contributions(existing, now);
    const { rollup, open } = rebuildRollup(all, now, ZONE);
    const target = ids.slice(0, 10).find((id) => !all[id].deleted && isSettled(all[id], now))!;
    const recent = Object.keys(all[target].days).every((date) => date > rollup.folded.through);
    const taken = structuredClone(rollup);
    expect(applySettled(taken, all[target], -1)).toBe(recent);
    if (recent) {
      const without = { ...all };
      delete without[target];
      const rebuilt = rebuildRollup(without, now, ZONE);
      expect(memberTotals(taken, Object.values(open), now, ZONE)).toEqual(
        memberTotals(rebuilt.rollup, Object.values(rebuilt.open), now, ZONE),
      );
    }
    // A year later every date is folded: taking one out can't be done in place.
    const later = now + 365 * DAY;
    const old = rebuildRollup(contributions(existing, later), later, ZONE).rollup;
    expect(applySettled(old, all[target], -1)).toBe(false);
  });

  it('folds only dates older than the calendar and every open challenge', () => {
    const records = history('fold');
    const now = Date.parse('2025-05-01T00:00:00Z');
    const all = contributions(
      Object.fromEntries(Object.entries(records).filter(([, r]) => r.createdAt <= now)),
      now,
    );
    const { rollup, open } = rebuildRollup(all, now, ZONE);
    const boundary = foldBoundary(Object.values(open), now, ZONE);
    expect(rollup.folded.through < boundary).toBe(true);
    expect(Object.keys(rollup.days).every((date) => date >= boundary)).toBe(true);
    const again = structuredClone(rollup);
    foldBefore(again, boundary, now);
    expect(again).toEqual(rollup);
  });
});

describe('a group challenge in its member contribution', () => {
  // 3 days from Sunday 29 June 2025 (ISO week 26): it ends on Tuesday 1 July (week 27, July).
  const record = challenge('2025-06-29', 3, () => 0, 1);
  const endsAt = record.meals.Day3.dinner!.closesAt;

  it('adds the team bonus in the week and month of the group end, once', () => {
    const plain = challengeContribution(record, record, endsAt + DAY);
    const groupEnd = endsAt + 5 * 3_600_000;
    const withBonus = challengeContribution(
      record,
      record,
      endsAt + DAY,
      {},
      {
        bonus: { endsAt: groupEnd, points: 25 },
      },
    );
    expect(withBonus.total).toBe(plain.total + 25);
    expect(withBonus.weekly).toEqual({
      ...plain.weekly,
      '2025-W27': plain.weekly['2025-W27'] + 25,
    });
    expect(withBonus.monthly).toEqual({
      ...plain.monthly,
      '2025-07': plain.monthly['2025-07'] + 25,
    });
    const none = challengeContribution(
      record,
      record,
      endsAt + DAY,
      {},
      {
        bonus: { endsAt: groupEnd, points: 0 },
      },
    );
    expect(none.total).toBe(plain.total);
    const deleted = { ...record, deleted: true };
    expect(
      challengeContribution(deleted, deleted, endsAt + DAY, {}, { bonus: { endsAt, points: 25 } })
        .total,
    ).toBe(0);
  });

  it('stays open after its own end until the group ends (the bonus is still to be decided)', () => {
    const waiting = challengeContribution(
      record,
      record,
      endsAt + 1,
      {},
      {
        settlesAt: endsAt + 3_600_000,
      },
    );
    expect(isSettled(waiting, endsAt + 1)).toBe(false);
    expect(isSettled(waiting, endsAt + 3_600_001)).toBe(true);
    expect(isSettled(challengeContribution(record, record, endsAt + 1), endsAt + 1)).toBe(true);
  });
});

describe('a group plan the member left', () => {
  const record = challenge('2025-06-29', 3, () => 0, 1);
  const secondDayEnd = record.meals.Day2.dinner!.closesAt;

  it('keeps its points and the days that ended, settled at once, not counted as completed', () => {
    const open = challengeContribution(record, record, secondDayEnd + 1);
    const left = leftContribution(open, secondDayEnd + 1);
    expect(left).toMatchObject({ left: true, isActive: false, total: open.total });
    expect(left.weekly).toEqual(open.weekly);
    expect(Object.keys(left.days)).toEqual(['2025-06-29', '2025-06-30']);
    expect(isSettled(left, secondDayEnd + 1)).toBe(true);
    const { rollup } = rebuildRollup({ kept: left }, secondDayEnd + 1, ZONE);
    expect(rollup).toMatchObject({ total: open.total, challenges: 0 });
  });
});
