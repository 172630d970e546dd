import { format } from 'date-fns';
import { cardTime } from './card-time';

describe('cardTime', () => {
  it('reads like date-fns "h:mm a MMM d, y" across hours, days and years', () => {
    const start = Date.UTC(2024, 0, 1, 0, 7);
    for (let step = 0; step < 400; step++) {
      const epochMs = start + step * 37 * 60 * 60 * 1000 + step * 61_000;
      expect(cardTime(epochMs)).toBe(format(epochMs, 'h:mm a MMM d, y'));
    }
  });

  it('is null without a time', () => {
    expect(cardTime(undefined)).toBeNull();
    expect(cardTime(Number.NaN)).toBeNull();
  });
});
