import { startTransition, useEffect, useState } from 'react';
import { afterContentShown, reportMainContentShown } from '@/lib/main-content';

/**
 * False until a render in which `shown` was true (by default, the first render) is on screen. A page's
 * secondary images and data start then: on a phone's connection every parallel download takes its share of
 * the bandwidth and of the six connections the page's main content needs (docs/performance.md, "Decisions that hold the budgets").
 *
 * `mainContent`: that render is the page's main content, reported once on screen (src/lib/main-content.ts).
 */
export function usePainted(shown = true, { mainContent = false } = {}): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!shown || painted) return;
    return afterContentShown(() => {
      if (mainContent) reportMainContentShown();
      startTransition(() => setPainted(true));
    });
  }, [shown, painted, mainContent]);
  return painted;
}
