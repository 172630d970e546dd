import { startTransition, useEffect, useState } from 'react';
import {
  afterContentShown,
  afterMainContent,
  isMainContentShown,
  reportMainContentShown,
} from '@/lib/main-content';

/**
 * Declares the page's main content (src/lib/main-content.ts): once a render in which `shown` is true is on
 * screen (with `element`, once the browser reports that element painted, e.g. the feed's first cover), the
 * page's signal is reported. Returns true from then on: the main content's own secondary parts (a plan's dish
 * pictures) may start.
 */
export function useMainContent(shown: boolean, element?: Element | null): boolean {
  const [onScreen, setOnScreen] = useState(false);
  useEffect(() => {
    if (!shown || onScreen) return;
    return afterContentShown(
      () => {
        reportMainContentShown();
        // A transition: what appears then renders in slices, not one long task (Total Blocking Time).
        startTransition(() => setOnScreen(true));
      },
      element ? { element } : {},
    );
  }, [shown, onScreen, element]);
  return onScreen;
}

/**
 * True once the page's main content is reported (or the page reported none in time, src/lib/main-content.ts):
 * what secondary images, avatars and sections wait on.
 */
export function useAfterMainContent(): boolean {
  const [after, setAfter] = useState(isMainContentShown);
  useEffect(() => {
    if (after) return;
    return afterMainContent(() => startTransition(() => setAfter(true)));
  }, [after]);
  return after;
}
