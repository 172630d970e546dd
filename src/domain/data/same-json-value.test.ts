import { describe, expect, it } from 'vitest';
import { sameJsonValue } from '@domain/data/same-json-value';

describe('sameJsonValue', () => {
  it('holds for the same data in another key order, nested', () => {
    expect(
      sameJsonValue(
        { info: { score: 3, name: 'Asha' }, days: [1, 2] },
        { days: [1, 2], info: { name: 'Asha', score: 3 } },
      ),
    ).toBe(true);
    expect(sameJsonValue(null, null)).toBe(true);
    expect(sameJsonValue('a', 'a')).toBe(true);
  });

  it('tells apart any changed, added or removed value', () => {
    expect(sameJsonValue({ score: 3 }, { score: 4 })).toBe(false);
    expect(sameJsonValue({ score: 3 }, { score: 3, bio: '' })).toBe(false);
    expect(sameJsonValue({ score: 3, bio: '' }, { score: 3 })).toBe(false);
    expect(sameJsonValue({ a: { b: [1, 2] } }, { a: { b: [2, 1] } })).toBe(false);
    expect(sameJsonValue([1], { 0: 1 })).toBe(false);
    expect(sameJsonValue(null, {})).toBe(false);
    expect(sameJsonValue(0, false)).toBe(false);
    expect(sameJsonValue({ a: undefined }, { b: undefined })).toBe(false);
  });
});
