import { describe, expect, it } from 'vitest';
import { MEAL_SLOTS } from '@domain/constants';
import { challengeSchedule } from '@domain/challenges/meal-schedule';
import type { MealKey } from '@domain/challenges/meal-key';
import {
  boardMealsOfRow,
  boardProofOfRow,
  compactBoardMeals,
  encodeBoardProofs,
  decodeBoardWindows,
  encodeBoardWindows,
  type KeyedWindow,
} from '@domain/challenges/board-windows';

/** A plan's windows as the server derives them, keyed as on the board. */
function planWindows(startDate: string, days: number, timeZone: string): KeyedWindow[] {
  return challengeSchedule(startDate, days, timeZone).flatMap((day, index) =>
    MEAL_SLOTS.map((slot) => ({ key: `Day${index + 1}-${slot}` as MealKey, ...day[slot] })),
  );
}

describe('board windows', () => {
  it('gives back every window of a 7-day plan exactly, in one short string', () => {
    const windows = planWindows('2026-06-10', 7, 'Asia/Kolkata');
    const encoded = encodeBoardWindows(windows);
    expect(decodeBoardWindows(encoded)).toEqual(windows);
    // 42 numbers in ~140 characters (they were ~1,150 bytes of JSON as 21 meal objects).
    expect(encoded.length).toBeLessThan(160);
    expect(encoded).not.toContain('~');
  });

  it('keeps the windows across a DST change exact (a 23 h and a 25 h day)', () => {
    for (const [start, zone] of [
      ['2026-03-26', 'Europe/Berlin'],
      ['2026-10-22', 'Europe/Berlin'],
      ['2026-03-06', 'America/New_York'],
      ['2026-04-02', 'Australia/Lord_Howe'],
    ] as const) {
      const windows = planWindows(start, 7, zone);
      const gaps = new Set(windows.slice(1).map((w, i) => w.opensAt - windows[i]!.opensAt));
      expect(gaps.size, `${zone} has a day that is not 24 h`).toBeGreaterThan(2);
      expect(decodeBoardWindows(encodeBoardWindows(windows))).toEqual(windows);
    }
  });

  it('keeps times that are not whole minutes, and meals left out of the plan', () => {
    const windows: KeyedWindow[] = [
      { key: 'Day1-lunch', opensAt: 1_790_000_000_123, closesAt: 1_790_007_200_123 },
      { key: 'Day2-dinner', opensAt: 1_790_100_000_000, closesAt: 1_790_107_200_500 },
      { key: 'Day3-breakfast', opensAt: 1_790_050_000_000, closesAt: 1_790_050_000_000 },
    ];
    const encoded = encodeBoardWindows([...windows].reverse());
    expect(encoded).toContain('~');
    expect(decodeBoardWindows(encoded)).toEqual(windows);
  });

  it('reads nothing from an absent or empty string, and leaves out a malformed part', () => {
    expect(encodeBoardWindows([])).toBe('');
    expect(decodeBoardWindows(undefined)).toEqual([]);
    expect(decodeBoardWindows('')).toEqual([]);
    const decoded = decodeBoardWindows('abc,0.3c,zz!.,8c.3c');
    expect(decoded.map((window) => window.key)).toEqual(['Day1-breakfast', 'Day1-dinner']);
  });

  it("merges a row's windows with the meals that have something to say", () => {
    const windows = planWindows('2026-06-10', 1, 'UTC');
    const meals = boardMealsOfRow({
      windows: encodeBoardWindows(windows),
      proofs: '-DR',
      meals: { 'Day1-lunch': { cheers: 2 } },
    });
    const window = (index: number) => ({
      opensAt: windows[index]!.opensAt,
      closesAt: windows[index]!.closesAt,
    });
    expect(meals).toEqual([
      ['Day1-breakfast', window(0)],
      ['Day1-lunch', { ...window(1), proof: 'Done', cheers: 2 }],
      ['Day1-dinner', { ...window(2), proof: 'Rejected' }],
    ]);
  });

  it('stores proofs in one string and only cheered meals beside the windows, and reads them back the same', () => {
    const [breakfast, lunch] = planWindows('2026-06-10', 1, 'Asia/Kathmandu');
    const full = {
      'Day1-breakfast': { opensAt: breakfast!.opensAt, closesAt: breakfast!.closesAt },
      'Day1-lunch': {
        opensAt: lunch!.opensAt,
        closesAt: lunch!.closesAt,
        proof: 'Flagged' as const,
      },
    };
    const stored = compactBoardMeals(full);
    expect(stored.proofs).toBe('-F');
    expect(stored.meals).toBeUndefined();
    expect(Object.fromEntries(boardMealsOfRow(stored))).toEqual(full);
    expect(compactBoardMeals({})).toEqual({ windows: '' });
  });

  it("keeps each meal's proof state by its place in the plan, in one character", () => {
    const proofs = encodeBoardProofs([
      ['Day3-dinner', 'Rejected'],
      ['Day1-breakfast', 'Done'],
      ['Day2-lunch', null],
      ['Day2-breakfast', 'Flagged'],
    ]);
    expect(proofs).toBe('D--F----R');
    expect(boardProofOfRow({ proofs }, 'Day1-breakfast')).toBe('Done');
    expect(boardProofOfRow({ proofs }, 'Day2-breakfast')).toBe('Flagged');
    expect(boardProofOfRow({ proofs }, 'Day3-dinner')).toBe('Rejected');
    expect(boardProofOfRow({ proofs }, 'Day2-lunch')).toBeUndefined();
    expect(boardProofOfRow({ proofs }, 'Day7-dinner')).toBeUndefined();
    expect(boardProofOfRow({}, 'Day1-breakfast')).toBeUndefined();
    expect(boardProofOfRow({ proofs }, 'Day1-brunch' as MealKey)).toBeUndefined();
    expect(encodeBoardProofs([['Day1-lunch', undefined]])).toBe('');
  });

  it('reads a row written before the windows were one string as no planned meal', () => {
    const legacy = { meals: { 'Day1-lunch': { cheers: 1 } } };
    expect(boardMealsOfRow(legacy)).toEqual([]);
  });
});
