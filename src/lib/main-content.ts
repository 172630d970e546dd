/**
 * The page's one "main content shown" signal, once per page load (docs/architecture.md, "Main content first").
 * Screens declare it (useMainContent, useReportMainContent; route-table.ts's `mainContent`, the shell for the
 * other routes: src/app/shell/route-main-content.tsx); secondary work waits on it (afterMainContent: the Auth SDK,
 * secondary reads), as parallel downloads share the bandwidth the main content needs. Safety net: a screen that promised and never
 * declares (an error state) costs UNREPORTED_CONTENT_WAIT_MS after its next paint, never a hang.
 */
export const UNREPORTED_CONTENT_WAIT_MS = 1000;

/** The longest a wait for the browser's report of a paint lasts (none comes for some paints). */
const LARGEST_PAINT_WAIT_MS = 500;

let reported = false;
const waiting = new Set<() => void>();

// Browsers stop reporting Largest Contentful Paint at the visitor's first tap or key.
let interacted = false;
for (const type of typeof window === 'undefined' ? [] : ['pointerdown', 'keydown'])
  window.addEventListener(type, () => (interacted = true), { capture: true, passive: true });

/** Resolves in a task of its own: work after it is not part of the current (possibly long) task. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve));

/** Runs `callback` once the browser has painted its next frame (a task queued from that frame's rAF). */
export function afterNextPaint(callback: () => void): void {
  requestAnimationFrame(() => setTimeout(callback));
}

/**
 * Runs `callback` once what the page has rendered so far is on screen: the browser's next Largest Contentful
 * Paint report from now on (a frame's rAF runs before the frame is shown, by a varying delay). Where none can
 * come (no API, after the first input, nothing larger painted): a frame after the next paint, or after
 * LARGEST_PAINT_WAIT_MS. `element`: that element's report (an image already loaded), whenever it was painted.
 * Returns a function that cancels.
 */
export function afterContentShown(
  callback: () => void,
  { element }: { element?: Element } = {},
): () => void {
  let pending = true;
  const types =
    typeof PerformanceObserver === 'undefined' ? [] : PerformanceObserver.supportedEntryTypes;
  if (interacted || !(types ?? []).includes('largest-contentful-paint')) {
    requestAnimationFrame(() => afterNextPaint(() => pending && callback()));
    return () => (pending = false);
  }
  const since = performance.now();
  const stop = () => {
    pending = false;
    observer.disconnect();
    clearTimeout(timer);
  };
  const finish = () => {
    if (!pending) return;
    stop();
    callback();
  };
  const awaited = (entry: PerformanceEntry & { element?: Element | null }) =>
    element ? entry.element === element : entry.startTime >= since;
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some(awaited)) setTimeout(finish);
  });
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
  const timer = setTimeout(finish, LARGEST_PAINT_WAIT_MS);
  return stop;
}

/** Whether this page load's main content has been reported. */
export const isMainContentShown = (): boolean => reported;

/** The page's main content is on screen (once the browser has reported it: afterContentShown). */
export function reportMainContentShown(): void {
  if (reported) return;
  reported = true;
  for (const run of [...waiting]) run();
}

/**
 * Runs `callback` once the page has reported its main content, or UNREPORTED_CONTENT_WAIT_MS after its next
 * paint, whichever comes first. Returns a function that cancels the wait.
 */
export function afterMainContent(callback: () => void): () => void {
  if (reported) {
    callback();
    return () => {};
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (!waiting.has(run)) return;
    stop();
    callback();
  };
  const cancelShown = afterContentShown(
    () => (timer = setTimeout(run, UNREPORTED_CONTENT_WAIT_MS)),
  );
  const stop = () => {
    waiting.delete(run);
    cancelShown();
    clearTimeout(timer);
  };
  waiting.add(run);
  return stop;
}
