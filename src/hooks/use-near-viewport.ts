import { startTransition, useEffect, useRef, useState } from 'react';

const INTERACTIONS = ['scroll', 'pointerdown', 'keydown', 'touchstart'] as const;

/**
 * True once the element is on screen, the member interacts with the page, or
 * `fallbackMs` have passed (and then stays true): content below the fold on
 * phones loads after what the member sees first, never in its way.
 */
export function useNearViewport<T extends Element>(fallbackMs = 3_000) {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
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
  }, [near, fallbackMs]);
  return [ref, near] as const;
}
