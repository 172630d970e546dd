/** The longest a secondary download waits for the browser to report the page's main content on screen. */
const MAIN_CONTENT_WAIT_MS = 500;

const reportsLargestPaint = () =>
  typeof PerformanceObserver !== 'undefined' &&
  (PerformanceObserver.supportedEntryTypes ?? []).includes('largest-contentful-paint');

// Browsers stop reporting Largest Contentful Paint at the visitor's first tap or key.
let interacted = false;
if (typeof window !== 'undefined') {
  for (const type of ['pointerdown', 'keydown'])
    window.addEventListener(type, () => (interacted = true), { capture: true, passive: true });
}

/**
 * Runs `callback` once what the page has rendered so far is on screen, as the browser reports it: its next
 * Largest Contentful Paint (the page's main text or image) from now on. A frame's own rAF runs before the frame
 * is shown, and how much later it is shown varies, so a page's secondary downloads (small photos, the parts of a
 * profile below its header) wait for this report instead; where none can come (a browser without the API, after
 * the visitor's first input, nothing larger painted) they start a frame after the next paint, or after
 * MAIN_CONTENT_WAIT_MS at the latest. `element`: wait for the report of that element (an image already loaded,
 * whose paint may come after something else's), whenever it was painted. Returns a function that cancels the
 * wait.
 */
export function afterContentShown(
  callback: () => void,
  { element }: { element?: Element } = {},
): () => void {
  let pending = true;
  const since = performance.now();
  let observer: PerformanceObserver | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const finish = () => {
    if (!pending) return;
    pending = false;
    observer?.disconnect();
    clearTimeout(timer);
    callback();
  };
  if (interacted || !reportsLargestPaint()) {
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(finish)));
  } else {
    const awaited = (entry: PerformanceEntry) =>
      element
        ? (entry as PerformanceEntry & { element?: Element | null }).element === element
        : entry.startTime >= since;
    observer = new PerformanceObserver((list) => {
      if (list.getEntries().some(awaited)) setTimeout(finish);
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    timer = setTimeout(finish, MAIN_CONTENT_WAIT_MS);
  }
  return () => {
    pending = false;
    observer?.disconnect();
    clearTimeout(timer);
  };
}
