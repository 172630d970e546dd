import { describe, expect, it, vi, beforeEach, afterEach } from 'vitest';
import { keepCopy, readKeptCopy, storageKeys } from './device-storage';

const DAY_MS = 24 * 60 * 60 * 1000;

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(1_000_000_000);
});
afterEach(() => vi.useRealTimers());

describe('kept copies of public reads', () => {
  it('gives back what was kept for the same identity only', () => {
    keepCopy('page-1', [1, 2]);
    expect(readKeptCopy('page-1')).toEqual([1, 2]);
    expect(readKeptCopy('page-2')).toBeNull();
  });

  it('keeps the three most recently answered reads', () => {
    keepCopy('a', [1]);
    keepCopy('b', [2]);
    keepCopy('c', [3]);
    keepCopy('a', [4]);
    keepCopy('d', [5]);
    expect(readKeptCopy('a')).toEqual([4]);
    expect(readKeptCopy('c')).toEqual([3]);
    expect(readKeptCopy('d')).toEqual([5]);
    expect(readKeptCopy('b')).toBeNull();
  });

  it('ignores a copy older than a week', () => {
    keepCopy('a', [1]);
    vi.setSystemTime(1_000_000_000 + 7 * DAY_MS);
    expect(readKeptCopy('a')).toEqual([1]);
    vi.setSystemTime(1_000_000_000 + 7 * DAY_MS + 1);
    expect(readKeptCopy('a')).toBeNull();
  });

  it('treats broken or foreign content as no copy, and keeps again after it', () => {
    localStorage.setItem(storageKeys.kept, '{not json');
    expect(readKeptCopy('a')).toBeNull();
    localStorage.setItem(storageKeys.kept, JSON.stringify([{ identity: 'a', savedAt: 'then' }, 7]));
    expect(readKeptCopy('a')).toBeNull();
    keepCopy('b', [5]);
    expect(readKeptCopy('b')).toEqual([5]);
  });

  it('does not throw when storage refuses to write, and keeps nothing', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => keepCopy('a', [1])).not.toThrow();
    setItem.mockRestore();
    expect(readKeptCopy('a')).toBeNull();
  });
});
