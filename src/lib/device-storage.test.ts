import { cachedSnapshot } from './device-storage';

const parseNumbers = (raw: unknown) =>
  Array.isArray(raw) && raw.every((item) => typeof item === 'number') ? (raw as number[]) : null;

let clock = 1_000_000;
const cache = (options: Partial<Parameters<typeof cachedSnapshot<number[]>>[0]> = {}) =>
  cachedSnapshot<number[]>({
    name: 'numbers',
    version: 1,
    parse: parseNumbers,
    now: () => clock,
    ...options,
  });

beforeEach(() => {
  localStorage.clear();
  clock = 1_000_000;
});

describe('cachedSnapshot', () => {
  it('gives back what was written for the same scope only', () => {
    cache().write('page-1', [1, 2]);
    expect(cache().read('page-1')).toEqual([1, 2]);
    expect(cache().read('page-2')).toBeNull();
  });

  it('keeps the most recent maxEntries scopes', () => {
    const numbers = cache({ maxEntries: 2 });
    numbers.write('a', [1]);
    numbers.write('b', [2]);
    numbers.write('a', [3]);
    numbers.write('c', [4]);
    expect(numbers.read('a')).toEqual([3]);
    expect(numbers.read('c')).toEqual([4]);
    expect(numbers.read('b')).toBeNull();
  });

  it('ignores copies of another version and copies older than maxAgeMs', () => {
    cache().write('a', [1]);
    expect(cache({ version: 2 }).read('a')).toBeNull();
    clock += 61_000;
    expect(cache({ maxAgeMs: 60_000 }).read('a')).toBeNull();
    expect(cache({ maxAgeMs: 120_000 }).read('a')).toEqual([1]);
  });

  it('treats broken or foreign content as no copy', () => {
    localStorage.setItem('challangex.snapshot.numbers', '{not json');
    expect(cache().read('a')).toBeNull();
    localStorage.setItem(
      'challangex.snapshot.numbers',
      JSON.stringify({ version: 1, entries: [{ scope: 'a', savedAt: clock, value: ['x'] }] }),
    );
    expect(cache().read('a')).toBeNull();
    cache().write('b', [5]);
    expect(cache().read('b')).toEqual([5]);
  });

  it('does not throw when storage refuses to write, and keeps nothing', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => cache().write('a', [1])).not.toThrow();
    setItem.mockRestore();
    expect(cache().read('a')).toBeNull();
  });
});
