import { afterEach, describe, expect, it, vi } from 'vitest';
import { isoWeekKey, monthKey } from '@domain/calendar-dates';
import { deviceTimeZone } from '@/lib/device-time-zone';
import { boardPath } from './leaderboard-records';

// Around a year's turn, a month's turn and an ISO week's turn (Sunday night to Monday).
const INSTANTS = [
  Date.UTC(2026, 11, 31, 23, 30),
  Date.UTC(2027, 0, 1, 0, 30),
  Date.UTC(2026, 10, 29, 23, 59),
  Date.UTC(2026, 10, 30, 0, 1),
  Date.UTC(2027, 0, 4, 12),
];

afterEach(() => vi.restoreAllMocks());

describe('boardPath', () => {
  it('names the week and month of the device’s own zone, as the zone-aware keys do', () => {
    const zone = deviceTimeZone();
    for (const now of INSTANTS) {
      expect(boardPath('weekly', now)).toBe(`leaderboard/weekly/${isoWeekKey(now, zone)}`);
      expect(boardPath('monthly', now)).toBe(`leaderboard/monthly/${monthKey(now, zone)}`);
    }
    expect(boardPath('all')).toBe('leaderboard/all');
  });

  it('uses no Intl formatter: its first use is a long task on every page with the sidebar', () => {
    const formatter = vi.spyOn(Intl, 'DateTimeFormat');
    boardPath('weekly');
    boardPath('monthly');
    expect(formatter).not.toHaveBeenCalled();
  });
});
