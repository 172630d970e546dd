import { describe, expect, it } from 'vitest';
import { pushKey, pushKeyPrefix } from '@domain/data/push-key';

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

  it('starts with the prefix of its creation time', () => {
    const now = Date.UTC(2026, 10, 29, 8, 0, 0, 123);
    expect(pushKey(now).slice(0, 8)).toBe(pushKeyPrefix(now));
  });
});

describe('pushKeyPrefix', () => {
  const cutoff = Date.UTC(2026, 10, 1);

  it('sorts keys made before the time below it, those made at or after it from it on', () => {
    const before = [cutoff - 1, cutoff - 64, cutoff - 24 * 60 * 60 * 1000].map((at) => pushKey(at));
    const after = [cutoff, cutoff + 1, cutoff + 64 ** 3].map((at) => pushKey(at));
    const prefix = pushKeyPrefix(cutoff);
    for (const key of before) expect(key < prefix).toBe(true);
    for (const key of after) expect(key >= prefix).toBe(true);
  });

  it('matches the Database SDK format (the time in base 64, most significant first)', () => {
    expect(pushKeyPrefix(0)).toBe('--------');
    expect(pushKeyPrefix(64)).toBe('------0-');
    expect(pushKeyPrefix(65)).toBe('------00');
  });
});
