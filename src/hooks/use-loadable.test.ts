import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { childrenRead, fieldsRead, valueRead } from '@domain/data/read-descriptor';
import { reportMainContentShown } from '@/lib/main-content';
import { firstReadsAnswered, startRead } from '@/services/database-reads';
import { readLog, resetFakeDatabase, writePaths } from '@/testing/fake-database';
import { useAsync, useRead } from './use-loadable';

// The fake calls every listener back on every write, as the SDK's listener repeats what REST gave first.
vi.mock('@/services/database', () => import('@/testing/fake-database'));

beforeEach(() => {
  resetFakeDatabase({
    users: { a: { info: { score: 1 }, challenges: { c1: { createdAt: 1, title: 'One' } } } },
  });
});

describe('useRead of a value', () => {
  it('renders a new answer, and not an answer equal to the one on screen', async () => {
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useRead(valueRead<{ score: number }>('users/a/info'));
    });
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', value: { score: 1 } }));
    const shown = result.current.value;
    const rendersWhenShown = renders;

    await act(() => writePaths({ 'users/b/info': { score: 9 } }));
    expect(renders).toBe(rendersWhenShown);
    expect(result.current.value).toBe(shown);

    await act(() => writePaths({ 'users/a/info/score': 2 }));
    await waitFor(() => expect(result.current.value).toEqual({ score: 2 }));
    expect(renders).toBeGreaterThan(rendersWhenShown);
  });
});

describe('useRead of a read the entry started early', () => {
  it('renders its answer, once arrived, in the first render and not again', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ title: 'Early' })));
    vi.stubGlobal('fetch', fetchMock);
    try {
      const read = valueRead<{ title: string }>('site/early', { who: 'public' });
      startRead(read);
      await firstReadsAnswered();
      const seen: unknown[] = [];
      renderHook(() => {
        const loaded = useRead(read);
        seen.push(loaded);
        return loaded;
      });
      expect(seen[0]).toEqual({ status: 'ready', value: { title: 'Early' } });
      await act(async () => {});
      expect(seen.every((loaded) => (loaded as { status: string }).status === 'ready')).toBe(true);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('useRead of children', () => {
  it('renders changed rows, and not rows equal to the ones on screen', async () => {
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useRead(
        childrenRead<{ title: string }>('users/a/challenges', {
          orderBy: 'createdAt',
          limitToLast: 1,
        }),
      );
    });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    const rendersWhenShown = renders;

    await act(() => writePaths({ 'users/a/info/score': 5 }));
    expect(renders).toBe(rendersWhenShown);

    await act(() => writePaths({ 'users/a/challenges/c2': { createdAt: 2, title: 'Two' } }));
    await waitFor(() =>
      expect(result.current.value).toEqual([{ key: 'c2', value: { createdAt: 2, title: 'Two' } }]),
    );
  });
});

describe('useRead of fields', () => {
  it('reads each field alone and answers the record once all have, null when the first is absent', async () => {
    const { result, rerender } = renderHook(
      ({ id }) =>
        useRead(
          fieldsRead<{ title: string; createdAt: number }>(`users/a/challenges/${id}`, [
            'title',
            'createdAt',
          ]),
        ),
      {
        initialProps: { id: 'c1' },
      },
    );
    await waitFor(() =>
      expect(result.current).toEqual({ status: 'ready', value: { title: 'One', createdAt: 1 } }),
    );
    expect(readLog).toEqual(['users/a/challenges/c1/title', 'users/a/challenges/c1/createdAt']);
    rerender({ id: 'gone' });
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', value: null }));
  });
});

describe('useRead of a secondary read', () => {
  it('starts the read only once the page reports its main content', async () => {
    const { result } = renderHook(() =>
      useRead(valueRead<{ score: number }>('users/a/info', { priority: 'secondary' })),
    );
    await act(() => Promise.resolve());
    expect(readLog).toEqual([]);
    expect(result.current.status).toBe('loading');
    act(() => reportMainContentShown());
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', value: { score: 1 } }));
    expect(readLog).toEqual(['users/a/info']);
  });
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => ((resolve = ok), (reject = fail)));
  return { promise, resolve, reject };
}

describe('useAsync', () => {
  it('shows loading, then the answer for its key', async () => {
    const { result } = renderHook(() => useAsync('a', () => Promise.resolve(1)));
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', value: 1 }));
  });

  it('reports a failure as an Error', async () => {
    const { result } = renderHook(() => useAsync('a', () => Promise.reject('offline')));
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toEqual(new Error('offline'));
  });

  it('never shows the previous key’s answer, and drops an answer that arrives after the key changed', async () => {
    const loads = { a: deferred<string>(), b: deferred<string>() };
    const { result, rerender } = renderHook(
      ({ key }: { key: 'a' | 'b' }) => useAsync(key, () => loads[key].promise),
      { initialProps: { key: 'a' } },
    );
    rerender({ key: 'b' });
    await act(async () => loads.a.resolve('answer for a'));
    expect(result.current.status).toBe('loading');
    await act(async () => loads.b.resolve('answer for b'));
    expect(result.current).toEqual({ status: 'ready', value: 'answer for b' });
  });

  it('shows loading for a new key even when the previous key had its answer', async () => {
    const load = (key: string) =>
      key === 'a' ? Promise.resolve('answer for a') : new Promise<string>(() => {});
    const { result, rerender } = renderHook(
      ({ key }: { key: string }) => useAsync(key, () => load(key)),
      { initialProps: { key: 'a' } },
    );
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', value: 'answer for a' }));
    rerender({ key: 'b' });
    expect(result.current.status).toBe('loading');
  });

  it('loads nothing for a null key', () => {
    const load = vi.fn(() => Promise.resolve(1));
    const { result } = renderHook(() => useAsync(null, load));
    expect(load).not.toHaveBeenCalled();
    expect(result.current.status).toBe('loading');
  });

  it('loads the same key again on refresh, keeping the last answer on screen meanwhile', async () => {
    let answer = 1;
    const next = deferred<number>();
    const load = vi.fn(() => (answer === 1 ? Promise.resolve(1) : next.promise));
    const { result, rerender } = renderHook(({ version }) => useAsync('a', load, version), {
      initialProps: { version: 1 },
    });
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', value: 1 }));
    answer = 2;
    rerender({ version: 2 });
    expect(load).toHaveBeenCalledTimes(2);
    expect(result.current).toEqual({ status: 'ready', value: 1 });
    await act(async () => next.resolve(2));
    expect(result.current).toEqual({ status: 'ready', value: 2 });
  });
});
