import { startTransition, useEffect, useState } from 'react';

const INTERACTIONS = ['scroll', 'pointerdown', 'keydown', 'touchstart'] as const;

/**
 * True once the element is on screen, the member interacts with the page, or
 * `fallbackMs` have passed (and then stays true): content below the fold on
 * phones loads after what the member sees first, never in its way.
 * The ref is a callback ref: an element that appears after the first render (behind a loading state) is
 * still observed, as its arrival re-runs the effect.
 */
export function useNearViewport<T extends Element>(fallbackMs = 3_000) {
  const [element, setElement] = useState<T | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !element) return;
    // A transition: what appears renders in slices, not as one long task (Total Blocking Time).
    const show = () => startTransition(() => setNear(true));
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) show();
    });
    observer.observe(element);
    for (const type of INTERACTIONS)
      window.addEventListener(type, show, { once: true, passive: true });
    const timer = setTimeout(show, fallbackMs);
    return () => {
      observer.disconnect();
      for (const type of INTERACTIONS) window.removeEventListener(type, show);
      clearTimeout(timer);
    };
  }, [element, near, fallbackMs]);
  return [setElement, near] as const;
}
