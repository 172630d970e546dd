import { format } from 'date-fns';
import { cardDate, cardTime } from './card-time';

describe('cardTime', () => {
  it('reads like date-fns "h:mm a MMM d, y" across hours, days and years', () => {
    const start = Date.UTC(2024, 0, 1, 0, 7);
    for (let step = 0; step < 400; step++) {
      const epochMs = start + step * 37 * 60 * 60 * 1000 + step * 61_000;
      expect(cardTime(epochMs)).toBe(format(epochMs, 'h:mm a MMM d, y'));
    }
  });

  it('gives the day alone like date-fns "MMM d, y"', () => {
    for (const epochMs of [
      Date.UTC(2024, 0, 1, 12),
      Date.UTC(2025, 11, 31, 12),
      Date.UTC(2026, 4, 9, 12),
    ])
      expect(cardDate(epochMs)).toBe(format(epochMs, 'MMM d, y'));
  });

  it('is null without a time', () => {
    expect(cardTime(undefined)).toBeNull();
    expect(cardTime(Number.NaN)).toBeNull();
  });
});
