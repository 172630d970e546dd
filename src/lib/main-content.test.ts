import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The module remembers the page's report: each test loads it afresh.
const load = () => import('./main-content');

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
  // No Largest Contentful Paint reports here: afterContentShown starts a frame after the next paint.
  vi.stubGlobal('PerformanceObserver', undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterMainContent', () => {
  it('runs once the page reports its main content, not before, and once only', async () => {
    const { afterMainContent, reportMainContentShown } = await load();
    const callback = vi.fn();
    afterMainContent(callback);
    vi.advanceTimersByTime(100);
    expect(callback).not.toHaveBeenCalled();

    reportMainContentShown();
    reportMainContentShown();
    expect(callback).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(5_000);
    expect(callback).toHaveBeenCalledOnce();
  });

  it('runs at once when the page reported its main content before', async () => {
    const { afterMainContent, reportMainContentShown } = await load();
    reportMainContentShown();
    const callback = vi.fn();
    afterMainContent(callback);
    expect(callback).toHaveBeenCalledOnce();
  });

  it('on a page that reports nothing, runs a while after what it shows first is on screen', async () => {
    const { afterMainContent, UNREPORTED_CONTENT_WAIT_MS } = await load();
    const callback = vi.fn();
    afterMainContent(callback);
    vi.advanceTimersByTime(UNREPORTED_CONTENT_WAIT_MS - 1);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100); // the frames afterContentShown waits for, then the rest of the wait
    expect(callback).toHaveBeenCalledOnce();
  });

  it('does nothing once cancelled', async () => {
    const { afterMainContent, reportMainContentShown } = await load();
    const callback = vi.fn();
    const cancel = afterMainContent(callback);
    cancel();
    reportMainContentShown();
    vi.advanceTimersByTime(5_000);
    expect(callback).not.toHaveBeenCalled();
  });
});
