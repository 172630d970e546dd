import { afterContentShown } from './after-content-shown';

/**
 * A page's main content on screen (the feed's first cover, a challenge's plan, a profile's info), as the page
 * itself reports it, once per page load: what waits behind it (the Auth SDK, src/app/session-provider.tsx) starts
 * then, so that it shares the network with none of it. The browser's own report (afterContentShown) cannot tell
 * the main content from what paints before it, such as the page's frame.
 */
let reported = false;
const waiting = new Set<() => void>();

/**
 * Pages without a main content to report (about, sign-in, an error) run what waits this long after what they
 * show first is on screen.
 */
export const UNREPORTED_CONTENT_WAIT_MS = 1000;

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
