import { Suspense, useEffect, useState, type ReactNode } from 'react';

/** How far below the screen the placeholder may be when its content starts rendering (about half a phone screen). */
const NEAR_MARGIN = '400px';

/** The longest an idle wait lasts where the browser is never idle (or has no requestIdleCallback). */
const IDLE_TIMEOUT_MS = 2_000;

export interface DeferredProps {
  /** What may wait; lazy components within load behind the same placeholder. */
  children: ReactNode;
  /**
   * When the children render: 'near-viewport' (default) once the placeholder comes within NEAR_MARGIN of the
   * screen (never, if it never does); 'idle' once the browser is first idle after the first render.
   */
  when?: 'near-viewport' | 'idle';
  /** The placeholder's height in px, held until the children have rendered, so nothing below shifts. */
  height: number;
}

function whenNear(element: Element, show: () => void): () => void {
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) show();
    },
    { rootMargin: `0px 0px ${NEAR_MARGIN} 0px` },
  );
  observer.observe(element);
  return () => observer.disconnect();
}

function whenIdle(show: () => void): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(show, 0);
    return () => clearTimeout(timer);
  }
  const handle = requestIdleCallback(show, { timeout: IDLE_TIMEOUT_MS });
  return () => cancelIdleCallback(handle);
}

/**
 * The app's one boundary for what may wait (docs/performance.md): renders a fixed-size, empty placeholder until
 * its time comes (`when`), then its children; a lazy child still loading keeps the placeholder. Without
 * IntersectionObserver (a test's DOM) near-viewport content renders at once; prerendered in Node, the placeholder.
 */
export function Deferred({ children, when = 'near-viewport', height }: DeferredProps) {
  const [placeholder, setPlaceholder] = useState<HTMLDivElement | null>(null);
  // The build's prerender (Node, no window) draws the placeholder, as the browser's first render does.
  const [ready, setReady] = useState(
    () =>
      when === 'near-viewport' &&
      typeof window !== 'undefined' &&
      typeof IntersectionObserver === 'undefined',
  );
  useEffect(() => {
    if (ready) return;
    const show = () => setReady(true);
    if (when === 'idle') return whenIdle(show);
    return placeholder ? whenNear(placeholder, show) : undefined;
  }, [ready, when, placeholder]);
  const held = <div ref={setPlaceholder} aria-hidden="true" style={{ height }} />;
  return ready ? <Suspense fallback={held}>{children}</Suspense> : held;
}
