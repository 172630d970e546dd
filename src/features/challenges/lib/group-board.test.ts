import type { BoardRow } from '@/domain/group-records';
import { boardEntry, buildBoard, mealLabel } from './group-board';

const HOUR = 3_600_000;
const now = 1_800_000_000_000;

function row(overrides: Partial<BoardRow>): BoardRow {
  return {
    displayName: 'Member',
    photoURL: '',
    joinedAt: now - 10 * HOUR,
    proved: 0,
    points: 0,
    meals: {
      'Day1-breakfast': { opensAt: now - 5 * HOUR, closesAt: now - 4 * HOUR },
      'Day1-lunch': { opensAt: now - HOUR / 2, closesAt: now + HOUR / 2 },
      'Day1-dinner': { opensAt: now + 5 * HOUR, closesAt: now + 6 * HOUR },
    },
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
    const meals = row({}).meals;
    const entry = boardEntry(
      'u1',
      row({
        meals: {
          'Day1-lunch': { ...meals['Day1-lunch']!, proof: 'Done' },
          'Day1-breakfast': { ...meals['Day1-breakfast']!, proof: 'Done' },
        },
      }),
      now,
    );
    expect(entry.openUnproved).toBeNull();
    expect(entry.provedMeals.map(({ key }) => key)).toEqual(['Day1-breakfast', 'Day1-lunch']);
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
    expect(buildBoard(null, now)).toEqual({ entries: [], team: 0 });
  });

  it('names meals as members read them', () => {
    expect(mealLabel('Day2-dinner')).toBe('Day 2 dinner');
  });
});
