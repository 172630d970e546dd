import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Each test of the main-content signal is a page load of its own: the signal is remembered per load, so the
 * modules are loaded afresh; timers are fake; and no Largest Contentful Paint reports come unless a test plays
 * them (what waits for a paint then runs a frame after the next one, src/lib/main-content.ts).
 */
export function eachTestAFreshPageLoad(): void {
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}
