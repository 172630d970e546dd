import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The module remembers its answer for the page load: each test loads it afresh.
const load = () => import('./connectivity');

function servedByWorker(served: boolean) {
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: served ? { controller: {} } : undefined,
  });
}

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  servedByWorker(false);
});

describe('connectivity', () => {
  it('a page the worker served is offline while the server does not answer, online once it does', async () => {
    servedByWorker(true);
    const fetch = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetch);
    const { isOnline, subscribeConnectivity } = await load();
    const onChange = vi.fn();
    subscribeConnectivity(onChange);

    await vi.waitFor(() => expect(isOnline()).toBe(false));
    expect(navigator.onLine).toBe(true); // what the browser claims is not enough
    expect(fetch).toHaveBeenCalledWith(expect.stringMatching(/^\/index\.html\?reachable=/), {
      method: 'HEAD',
      cache: 'no-store',
    });
    expect(onChange).toHaveBeenCalled();

    fetch.mockResolvedValue(new Response(null));
    await vi.advanceTimersByTimeAsync(3_000);
    await vi.waitFor(() => expect(isOnline()).toBe(true));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('a page the network served asks nothing: it is online as the browser says', async () => {
    servedByWorker(false);
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { isOnline, subscribeConnectivity } = await load();
    subscribeConnectivity(() => {});
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).not.toHaveBeenCalled();
    expect(isOnline()).toBe(true);
  });
});
