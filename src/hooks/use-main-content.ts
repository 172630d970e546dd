import { useEffect, useState } from 'react';
import { afterContentShown, reportMainContentShown } from '@/lib/main-content';

/**
 * Declares the page's main content (src/lib/main-content.ts): reported once a render with `shown` true is on
 * screen (with `element`: once the browser reports that element painted). No state: the declaring component
 * renders no second time for it.
 */
export function useReportMainContent(shown: boolean, element?: Element | null): void {
  useEffect(() => {
    if (!shown) return;
    return afterContentShown(reportMainContentShown, element ? { element } : {});
  }, [shown, element]);
}

/** As useReportMainContent, for a screen that waits on it: true once its main content is on screen. */
export function useMainContent(shown: boolean, element?: Element | null): boolean {
  const [onScreen, setOnScreen] = useState(false);
  useEffect(() => {
    if (!shown || onScreen) return;
    return afterContentShown(
      () => {
        reportMainContentShown();
        setOnScreen(true);
      },
      element ? { element } : {},
    );
  }, [shown, onScreen, element]);
  return onScreen;
}
