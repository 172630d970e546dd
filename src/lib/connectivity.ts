import { useSyncExternalStore } from 'react';

/**
 * Whether the app can reach its server. `navigator.onLine` is only a hint: it turns false when the device
 * has no network at all, but a page the service worker served from its cache (a repeat visit, a reload) may
 * start with it true and no network behind it. Such a page asks the server once, with a small request the
 * worker does not answer, and again every few seconds while that fails, so the offline notice shows and goes
 * away as the connection does (docs/architecture.md, "Installable app").
 */
const RECHECK_MS = 3_000;

let unreachable = false;
let checking = false;
let recheck: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function setUnreachable(value: boolean) {
  if (value === unreachable) return;
  unreachable = value;
  listeners.forEach((listener) => listener());
}

/** A HEAD request for the app's page with a query the service worker's precache does not match. */
async function checkServer(): Promise<void> {
  if (checking) return;
  checking = true;
  clearTimeout(recheck);
  try {
    await fetch(`/index.html?reachable=${Date.now()}`, { method: 'HEAD', cache: 'no-store' });
    setUnreachable(false);
  } catch {
    setUnreachable(true);
    recheck = setTimeout(() => void checkServer(), RECHECK_MS);
  } finally {
    checking = false;
  }
}

const onBrowserChange = () => {
  // Back online per the browser: believe it, and ask the server to be sure.
  if (navigator.onLine) setUnreachable(false);
  listeners.forEach((listener) => listener());
  if (navigator.onLine && navigator.serviceWorker?.controller) void checkServer();
};

let checkedServedPage = false;

/** Calls `onChange` when the answer of `isOnline` may have changed; returns the unsubscribe. */
export function subscribeConnectivity(onChange: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('online', onBrowserChange);
    window.addEventListener('offline', onBrowserChange);
  }
  listeners.add(onChange);
  // Only a page the service worker served can have loaded with no network: ask once per page load.
  if (!checkedServedPage && navigator.serviceWorker?.controller) {
    checkedServedPage = true;
    void checkServer();
  }
  return () => {
    listeners.delete(onChange);
    if (listeners.size > 0) return;
    window.removeEventListener('online', onBrowserChange);
    window.removeEventListener('offline', onBrowserChange);
  };
}

/** False while the browser knows it has no network, or the server did not answer the last check. */
export function isOnline(): boolean {
  return navigator.onLine && !unreachable;
}

/** False while the app knows it has no network; true otherwise. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeConnectivity, isOnline, () => true);
}
