import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { MEMBER_DATA_CLEARED, readStored, storageKeys, writeStored } from '@/lib/device-storage';
import { scrollKey } from './scroll-key';

/** Positions survive a reload of the tab (the device-storage scheme keeps them in sessionStorage). */
function savedPositions(): Record<string, number> {
  const saved = readStored<unknown>(storageKeys.scrollPositions);
  return saved && typeof saved === 'object' ? (saved as Record<string, number>) : {};
}

/**
 * The app's scroll restoration, as a declarative router has none (docs/performance.md, "Decisions that hold the budgets": the data
 * router cost the first load ~15 KB): Back, Forward and a reload return to where the page was left; a link
 * opens its page at the top, or at its #section. Positions are kept by `scrollKey`.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const key = scrollKey(location);
  const positions = useRef<Record<string, number> | null>(null);
  const shownKey = useRef<string | null>(null);
  // The position of the page on screen, as of its last scroll: when the next page renders, the browser may
  // already have clamped scrollY to the new page's height.
  const lastY = useRef(0);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const onScroll = () => {
      lastY.current = window.scrollY;
    };
    const onPageHide = () => {
      if (positions.current && shownKey.current !== null) {
        positions.current[shownKey.current] = window.scrollY;
        writeStored(storageKeys.scrollPositions, positions.current);
      }
      window.history.scrollRestoration = 'auto';
    };
    // A session's end empties the tab's storage: the positions held here go too, so that leaving the page
    // (a sign-out's reload) does not write the member's addresses back.
    const onMemberDataCleared = () => {
      positions.current = null;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener(MEMBER_DATA_CLEARED, onMemberDataCleared);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener(MEMBER_DATA_CLEARED, onMemberDataCleared);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    positions.current ??= savedPositions();
    const firstPage = shownKey.current === null;
    if (!firstPage && shownKey.current !== key)
      positions.current[shownKey.current!] = lastY.current;
    shownKey.current = key;
    const saved = positions.current[key];
    // A link (PUSH, REPLACE) opens a page afresh; Back, Forward and a load of an entry seen before restore it.
    if ((firstPage || navigationType === 'POP') && typeof saved === 'number') {
      window.scrollTo(0, saved);
    } else {
      const target =
        location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) target.scrollIntoView();
      else if (firstPage) {
        // A fresh load is at the top already. Scrolling there and reading scrollY would each force a layout of
        // the whole first render inside React's commit: ~200 ms of one long task at 4× CPU (docs/performance.md,
        // "Decisions that hold the budgets").
        lastY.current = 0;
        return;
      } else window.scrollTo(0, 0);
    }
    lastY.current = window.scrollY;
  }, [key, location.hash, navigationType]);

  return null;
}
