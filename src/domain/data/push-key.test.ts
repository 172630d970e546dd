import { describe, expect, it } from 'vitest';
import { pushKey } from '@domain/data/push-key';

describe('pushKey', () => {
  it('is 20 characters of the push-key alphabet', () => {
    expect(pushKey()).toMatch(/^[-0-9A-Za-z_]{20}$/);
  });

  it('sorts by creation time', () => {
    const earlier = pushKey(Date.UTC(2026, 0, 1));
    const later = pushKey(Date.UTC(2026, 0, 1, 0, 0, 1));
    expect(earlier < later).toBe(true);
    expect(earlier.slice(0, 8) < later.slice(0, 8)).toBe(true);
  });

  it('keeps keys of the same millisecond distinct and in order', () => {
    const now = Date.UTC(2026, 5, 1);
    const keys = Array.from({ length: 50 }, () => pushKey(now));
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual(keys);
  });
});
