/**
 * The page's one "main content shown" signal (docs/architecture.md, "Main content first"). A page declares its
 * main content once (useMainContent in src/hooks/use-main-content.ts: the feed's first cover, a challenge's
 * plan, a profile's info); what is secondary waits on it (afterMainContent here, useAfterMainContent in
 * components): the Auth SDK, notices, group members, small photos. On a phone's connection every parallel
 * download takes its share of the bandwidth the main content needs (docs/performance.md, "Decisions that hold
 * the budgets").
 *
 * Which screens declare their own is written once, in src/app/route-table.ts (`mainContent`); on the other
 * routes the shell declares the screen's first render (src/app/shell/route-main-content.tsx). A safety net
 * remains: what waits runs UNREPORTED_CONTENT_WAIT_MS after the browser reports what the page shows next, so a
 * screen that promised and never declares (an error state) costs a second, never a hang.
 */

/** The safety net: what waits runs this long after what the page shows next is on screen. */
export const UNREPORTED_CONTENT_WAIT_MS = 1000;

/** The longest a wait for the browser's report of a paint lasts (none comes for some paints). */
const LARGEST_PAINT_WAIT_MS = 500;

let reported = false;
const waiting = new Set<() => void>();

// Browsers stop reporting Largest Contentful Paint at the visitor's first tap or key.
let interacted = false;
if (typeof window !== 'undefined') {
  for (const type of ['pointerdown', 'keydown'])
    window.addEventListener(type, () => (interacted = true), { capture: true, passive: true });
}

/** Runs `callback` once the browser has painted its next frame (a task queued from that frame's rAF). */
export function afterNextPaint(callback: () => void): void {
  requestAnimationFrame(() => setTimeout(callback));
}

const reportsLargestPaint = () =>
  typeof PerformanceObserver !== 'undefined' &&
  (PerformanceObserver.supportedEntryTypes ?? []).includes('largest-contentful-paint');

/**
 * Runs `callback` once what the page has rendered so far is on screen, as the browser reports it: its next
 * Largest Contentful Paint from now on. A frame's own rAF runs before the frame is shown, and how much later it
 * is shown varies, so this waits for the report; where none can come (a browser without the API, after the
 * visitor's first input, nothing larger painted) it runs a frame after the next paint, or after
 * LARGEST_PAINT_WAIT_MS at the latest. `element`: wait for that element's report (an image already loaded,
 * whose paint may come after something else's), whenever it was painted. Returns a function that cancels.
 */
export function afterContentShown(
  callback: () => void,
  { element }: { element?: Element } = {},
): () => void {
  let pending = true;
  const since = performance.now();
  let observer: PerformanceObserver | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    pending = false;
    observer?.disconnect();
    clearTimeout(timer);
  };
  const finish = () => {
    if (!pending) return;
    stop();
    callback();
  };
  if (interacted || !reportsLargestPaint()) {
    requestAnimationFrame(() => afterNextPaint(finish));
  } else {
    const awaited = (entry: PerformanceEntry) =>
      element
        ? (entry as PerformanceEntry & { element?: Element | null }).element === element
        : entry.startTime >= since;
    observer = new PerformanceObserver((list) => {
      if (list.getEntries().some(awaited)) setTimeout(finish);
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    timer = setTimeout(finish, LARGEST_PAINT_WAIT_MS);
  }
  return stop;
}

/** Whether this page load's main content has been reported. */
export function isMainContentShown(): boolean {
  return reported;
}

/** The page's main content is on screen (call it once the browser has reported it: afterContentShown). */
export function reportMainContentShown(): void {
  if (reported) return;
  reported = true;
  for (const run of [...waiting]) run();
}

/**
 * Runs `callback` once the page has reported its main content on screen, or UNREPORTED_CONTENT_WAIT_MS after the
 * browser reports what it shows next, whichever comes first. Returns a function that cancels the wait.
 */
export function afterMainContent(callback: () => void): () => void {
  let pending = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelShown = () => {};
  const stop = () => {
    pending = false;
    waiting.delete(run);
    cancelShown();
    clearTimeout(timer);
  };
  const run = () => {
    if (!pending) return;
    stop();
    callback();
  };
  if (reported) {
    run();
    return stop;
  }
  waiting.add(run);
  cancelShown = afterContentShown(() => {
    timer = setTimeout(run, UNREPORTED_CONTENT_WAIT_MS);
  });
  return stop;
}
