import { describe, expect, it } from 'vitest';
import { weightTrend } from '@domain/members/weight-trend';

describe('weight trend', () => {
  const log = {
    '2026-03-01': { kg: 80 },
    '2026-03-03': { kg: 79 },
    '2026-03-07': { kg: 78 },
    '2026-03-10': { kg: 77.5 },
  };

  it('orders the entries and averages each over the 7 days ending on it', () => {
    const { points } = weightTrend(log, 'Cutting');
    expect(points.map((point) => point.date)).toEqual([
      '2026-03-01',
      '2026-03-03',
      '2026-03-07',
      '2026-03-10',
    ]);
    // 03-07: 03-01..03-07 holds 80, 79, 78; 03-10: 03-04..03-10 holds 78, 77.5.
    expect(points.map((point) => point.average)).toEqual([80, 79.5, 79, 77.8]);
  });

  it('gives the change since the first entry and since a date, and the goal direction', () => {
    const trend = weightTrend(log, 'Cutting', '2026-03-05');
    expect(trend.changeSinceFirst).toBe(-2.5);
    expect(trend.changeSince).toBe(-1.5);
    expect(trend.direction).toBe('down');
    expect(weightTrend(log, 'Bulk').direction).toBe('up');
    expect(weightTrend(log, 'Maintain').direction).toBe('steady');
  });

  it('an empty log has no points and no change', () => {
    expect(weightTrend(undefined, 'Lean')).toEqual({
      points: [],
      changeSinceFirst: 0,
      direction: 'down',
    });
  });
});
