import type { BoardMeal, BoardRow } from '@domain/challenges/group-records';
import type { MealKey } from '@domain/challenges/meal-key';
import { compactBoardMeals } from '@domain/challenges/board-windows';
import { boardClock, boardEntry, buildBoard } from './group-board';

const HOUR = 3_600_000;
const now = 1_800_000_000_000;

const planned = {
  'Day1-breakfast': { opensAt: now - 5 * HOUR, closesAt: now - 4 * HOUR },
  'Day1-lunch': { opensAt: now - HOUR / 2, closesAt: now + HOUR / 2 },
  'Day1-dinner': { opensAt: now + 5 * HOUR, closesAt: now + 6 * HOUR },
};

/** A row as the server stores it, from its meals with their windows (`planned` unless given). */
function row({
  meals = planned,
  ...overrides
}: Omit<Partial<BoardRow>, 'meals'> & { meals?: Partial<Record<MealKey, BoardMeal>> }): BoardRow {
  return {
    displayName: 'Member',
    photoURL: '',
    joinedAt: now - 10 * HOUR,
    proved: 0,
    points: 0,
    ...compactBoardMeals(meals),
    ...overrides,
  };
}

describe('group board', () => {
  it('counts meals so far from the windows opened by now, and finds the open unproved one', () => {
    const entry = boardEntry('u1', row({ proved: 1 }), now);
    expect(entry.standing).toMatchObject({ proved: 1, dueSoFar: 2, planned: 3 });
    expect(entry.openUnproved).toBe('Day1-lunch');
  });

  it('offers no nudge once the open meal is proved, and lists proved meals in plan order', () => {
    const meals = planned;
    const entry = boardEntry(
      'u1',
      row({
        meals: {
          'Day1-lunch': { ...meals['Day1-lunch'], proof: 'Done' },
          'Day1-breakfast': { ...meals['Day1-breakfast'], proof: 'Done' },
        },
      }),
      now,
    );
    expect(entry.openUnproved).toBeNull();
    expect(entry.provedMeals.map(({ key }) => key)).toEqual(['Day1-breakfast', 'Day1-lunch']);
  });

  it("decodes a row's windows once per row value, not at each build or tick", () => {
    const stored = row({
      meals: { ...planned, 'Day1-breakfast': { ...planned['Day1-breakfast'], proof: 'Done' } },
    });
    const first = boardEntry('u1', stored, now).provedMeals[0]?.meal;
    expect(first).toMatchObject({ proof: 'Done' });
    expect(boardEntry('u1', stored, now + HOUR).provedMeals[0]?.meal).toBe(first);
    expect(boardEntry('u1', structuredClone(stored), now).provedMeals[0]?.meal).not.toBe(first);
  });

  it('ranks by share proved, then points, and gives the team share of all meals so far', () => {
    const board = buildBoard(
      {
        low: row({ proved: 0, points: 50 }),
        high: row({ proved: 2, points: 10 }),
        mid: row({ proved: 1, points: 20 }),
      },
      now,
    );
    expect(board.entries.map(({ uid }) => uid)).toEqual(['high', 'mid', 'low']);
    expect(board.team).toBeCloseTo(3 / 6);
    expect(buildBoard(null, now)).toEqual({ entries: [], team: 0, clock: 0 });
  });

  it('lists the photos the group sees: proved meals and those under review, not rejected ones', () => {
    const meals = planned;
    const entry = boardEntry(
      'u1',
      row({
        meals: {
          'Day1-lunch': { ...meals['Day1-lunch'], proof: 'Flagged' },
          'Day1-breakfast': { ...meals['Day1-breakfast'], proof: 'Done' },
          'Day1-dinner': { ...meals['Day1-dinner'], proof: 'Rejected' },
        },
      }),
      now,
    );
    expect(entry.photoMeals).toEqual(['Day1-breakfast', 'Day1-lunch']);
    expect(entry.provedMeals.map(({ key }) => key)).toEqual(['Day1-breakfast']);
  });

  it('moves its clock only at window boundaries, the latest one at or before now', () => {
    const members = { u1: row({}) };
    // Breakfast closed at now - 4 h, lunch opened at now - 0.5 h.
    expect(boardClock(members, now)).toBe(now - HOUR / 2);
    expect(boardClock(members, now + HOUR / 4)).toBe(now - HOUR / 2);
    expect(boardClock(members, now + HOUR / 2)).toBe(now + HOUR / 2);
    expect(boardClock(members, now - 6 * HOUR)).toBe(0);
    expect(boardClock(null, now)).toBe(0);
  });

  it('keeps the entries of unchanged rows between builds, and makes new ones when a row or the clock moves', () => {
    const first = buildBoard({ a: row({ proved: 1 }), b: row({}) }, now);
    // A new value of the members node (as every live answer is), one row changed.
    const second = buildBoard(
      { a: structuredClone(row({ proved: 1 })), b: row({ proved: 1, points: 10 }) },
      now + 15_000,
      first,
    );
    const entryOf = (board: typeof first, uid: string) =>
      board.entries.find((entry) => entry.uid === uid);
    expect(entryOf(second, 'a')).toBe(entryOf(first, 'a'));
    expect(entryOf(second, 'b')).not.toBe(entryOf(first, 'b'));
    expect(entryOf(second, 'b')?.standing.points).toBe(10);
    // Lunch closes: the nudge it offered goes, so every entry is made again.
    const third = buildBoard({ a: row({ proved: 1 }), b: row({}) }, now + HOUR, second);
    expect(entryOf(third, 'a')).not.toBe(entryOf(second, 'a'));
    expect(entryOf(third, 'a')?.openUnproved).toBeNull();
  });
});
