import { GLANCE_DAYS } from '@domain/members/member-glance';
import { adherenceText, glanceCells, weekdayIndex } from './glance-calendar';
import { brokenStreakText, longDateText, streakDaysText } from './streak-text';

describe('glanceCells', () => {
  it('covers the 84 days up to today, oldest first, starting on its weekday row', () => {
    const { offset, cells } = glanceCells({}, '2026-11-26');
    expect(cells).toHaveLength(GLANCE_DAYS);
    expect(cells[0].date).toBe('2026-09-04');
    expect(cells.at(-1)!.date).toBe('2026-11-26');
    // 2026-09-04 is a Friday: four blank cells (Monday to Thursday) above it.
    expect(offset).toBe(4);
    expect(weekdayIndex('2026-11-23')).toBe(0);
    expect(weekdayIndex('2026-11-29')).toBe(6);
  });

  it('labels each day with what was proved, and days outside a challenge as such', () => {
    const { cells } = glanceCells(
      { '2026-11-24': 2, '2026-11-25': 1, '2026-11-26': 0, '2026-01-01': 3 },
      '2026-11-26',
    );
    const byDate = Object.fromEntries(cells.map((cell) => [cell.date, cell]));
    expect(byDate['2026-11-24']).toMatchObject({
      proved: 2,
      label: 'Tuesday 24 November 2026: 2 meals proved',
    });
    expect(byDate['2026-11-25'].label).toBe('Wednesday 25 November 2026: 1 meal proved');
    expect(byDate['2026-11-26'].label).toBe('Thursday 26 November 2026: 0 meals proved');
    expect(byDate['2026-11-23']).toMatchObject({
      proved: null,
      label: 'Monday 23 November 2026: no challenge',
    });
    // Older than 12 weeks: not shown.
    expect(byDate['2026-01-01']).toBeUndefined();
  });

  it('keeps a malformed count inside 0–3', () => {
    const { cells } = glanceCells({ '2026-11-26': 9, '2026-11-25': -2 }, '2026-11-26');
    expect(cells.at(-1)!.proved).toBe(3);
    expect(cells.at(-2)!.proved).toBe(0);
  });
});

describe('profile texts', () => {
  it('says streak lengths and adherence as the profile shows them', () => {
    expect(streakDaysText(1)).toBe('1 day');
    expect(streakDaysText(3)).toBe('3 days');
    expect(streakDaysText(undefined)).toBe('0 days');
    expect(adherenceText(12, 15)).toBe('12 of 15 meals proved (80%)');
    expect(adherenceText(0, 0)).toBeNull();
  });

  it('names the weekday a streak ended, in any zone', () => {
    expect(brokenStreakText(6, '2026-11-24')).toBe(
      'Your 6-day streak ended on Tuesday. Start a new one with your next meal.',
    );
    expect(longDateText('2026-03-29')).toBe('Sunday 29 March 2026');
  });
});
