import { startTransition, useEffect, useState } from 'react';
import { afterContentShown } from '@/lib/after-content-shown';

/**
 * False until a render in which `shown` was true (by default, the first render) is on screen. A page's
 * secondary images and data start then: on a phone's connection every parallel download takes its share of
 * the bandwidth and of the six connections the page's main content needs (docs/performance.md, "Issue 15").
 */
export function usePainted(shown = true): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!shown || painted) return;
    return afterContentShown(() => startTransition(() => setPainted(true)));
  }, [shown, painted]);
  return painted;
}
