import { startTransition, useEffect, useState } from 'react';
import {
  afterContentShown,
  afterMainContent,
  isMainContentShown,
  reportMainContentShown,
} from '@/lib/main-content';

/**
 * Declares the page's main content (src/lib/main-content.ts): reported once a render with `shown` true is on
 * screen (with `element`: once the browser reports that element painted). Returns true from then on.
 */
export function useMainContent(shown: boolean, element?: Element | null): boolean {
  const [onScreen, setOnScreen] = useState(false);
  useEffect(() => {
    if (!shown || onScreen) return;
    const show = () => {
      reportMainContentShown();
      // A transition: what appears then renders in slices, not one long task (Total Blocking Time).
      startTransition(() => setOnScreen(true));
    };
    return afterContentShown(show, element ? { element } : {});
  }, [shown, onScreen, element]);
  return onScreen;
}

/** True once the page's main content is reported (or the fallback ran): what secondary parts wait on. */
export function useAfterMainContent(): boolean {
  const [after, setAfter] = useState(isMainContentShown);
  useEffect(() => {
    if (after) return;
    return afterMainContent(() => startTransition(() => setAfter(true)));
  }, [after]);
  return after;
}
