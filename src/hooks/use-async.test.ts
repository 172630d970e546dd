import { act, renderHook, waitFor } from '@testing-library/react';
import { useAsync } from './use-async';

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
