import { beforeEach, describe, expect, it, vi } from 'vitest';
import { eachTestAFreshPageLoad } from '@/testing/fresh-page-load';

/** The browser's Largest Contentful Paint reports, played by the test. */
class FakeLargestPaintObserver {
  static supportedEntryTypes = ['largest-contentful-paint'];
  static live = new Set<FakeLargestPaintObserver>();
  constructor(
    private readonly onEntries: (list: {
      getEntries(): Array<{ startTime: number; element?: Element }>;
    }) => void,
  ) {}
  observe() {
    FakeLargestPaintObserver.live.add(this);
  }
  disconnect() {
    FakeLargestPaintObserver.live.delete(this);
  }
  static report(startTime: number, element?: Element) {
    for (const observer of [...this.live])
      observer.onEntries({ getEntries: () => [{ startTime, element }] });
  }
}

// The module remembers the page's report and the visitor's first input: each test loads it afresh.
const load = () => import('./main-content');

eachTestAFreshPageLoad();

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

describe('afterContentShown', () => {
  beforeEach(() => {
    vi.setSystemTime(0);
    vi.stubGlobal('PerformanceObserver', FakeLargestPaintObserver);
    FakeLargestPaintObserver.live.clear();
  });

  it('waits for the browser to report a largest paint from the call on, not an earlier one', async () => {
    const { afterContentShown } = await load();
    vi.advanceTimersByTime(100);
    const callback = vi.fn();
    afterContentShown(callback);

    FakeLargestPaintObserver.report(performance.now() - 50); // the static shell, painted before
    vi.advanceTimersByTime(50);
    expect(callback).not.toHaveBeenCalled();

    FakeLargestPaintObserver.report(performance.now());
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledOnce();
    expect(FakeLargestPaintObserver.live.size).toBe(0);
  });

  it("given an element, waits for that element's report, even one painted before the call", async () => {
    const { afterContentShown } = await load();
    vi.advanceTimersByTime(100);
    const cover = document.createElement('img');
    const callback = vi.fn();
    afterContentShown(callback, { element: cover });

    FakeLargestPaintObserver.report(performance.now(), document.createElement('h3')); // the card's title
    vi.advanceTimersByTime(50);
    expect(callback).not.toHaveBeenCalled();

    FakeLargestPaintObserver.report(performance.now() - 100, cover); // painted before its load event ran
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledOnce();
  });

  it('starts anyway after 500 ms when no larger paint is reported', async () => {
    const { afterContentShown } = await load();
    const callback = vi.fn();
    afterContentShown(callback);
    vi.advanceTimersByTime(499);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledOnce();
  });

  it('after the first tap or key, starts a frame after the next paint (no report comes then)', async () => {
    const { afterContentShown } = await load();
    window.dispatchEvent(new Event('pointerdown'));
    const callback = vi.fn();
    afterContentShown(callback);
    expect(FakeLargestPaintObserver.live.size).toBe(0);
    vi.advanceTimersByTime(100);
    expect(callback).toHaveBeenCalledOnce();
  });

  it('does nothing once cancelled', async () => {
    const { afterContentShown } = await load();
    const callback = vi.fn();
    const cancel = afterContentShown(callback);
    cancel();
    FakeLargestPaintObserver.report(performance.now());
    vi.advanceTimersByTime(1_000);
    expect(callback).not.toHaveBeenCalled();
  });
});
