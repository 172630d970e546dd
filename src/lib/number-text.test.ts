import { describe, expect, it } from 'vitest';
import { indianGrouped } from './number-text';

describe('indianGrouped', () => {
  it("groups like toLocaleString('en-IN')", () => {
    const values = [0, 7, 42, 999, 1000, 1234, 12_345, 123_456, 1_234_567, 12_345_678, 123_456_789];
    for (const value of [...values, ...values.filter((v) => v > 0).map((v) => -v), 1899.6, 2000.4])
      expect(indianGrouped(value)).toBe(Math.round(value).toLocaleString('en-IN'));
  });
});
