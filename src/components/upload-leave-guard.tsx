import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { confirmAction } from '@/lib/toast';

/** The Navigation API's part this guard uses (TypeScript's DOM types do not have it yet). */
interface TraverseEvent extends Event {
  navigationType: 'push' | 'replace' | 'reload' | 'traverse';
  destination: { url: string; key: string };
}
interface NavigationHistory extends EventTarget {
  traverseTo(key: string): unknown;
}

const askToLeave = () =>
  confirmAction({
    title: 'An upload is running',
    text: 'Leaving this page cancels it. Stay until it finishes?',
    confirmButtonText: 'Leave and cancel it',
    cancelButtonText: 'Stay',
  });

/** The same-origin address a plain click on a link opens, or null for any other click. */
function linkDestination(event: MouseEvent): URL | null {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return null;
  }
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return null;
  if (link.target && link.target !== '_self') return null;
  const url = new URL(link.href);
  return url.origin === window.location.origin ? url : null;
}

/**
 * Rendered while an upload runs: leaving the page would cancel it silently, so the browser asks before
 * closing or reloading the tab (beforeunload), and the app asks before a link or Back/Forward leaves the
 * page. Links are caught before React sees the click; Back and Forward through the Navigation API, which
 * lets a page cancel them (browsers without it leave at once).
 */
export function UploadLeaveGuard() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  useEffect(() => {
    const leavesPage = (url: URL) => url.pathname !== pathname || url.search !== search;
    let asking = false;

    const onClick = (event: MouseEvent) => {
      const url = linkDestination(event);
      if (!url || !leavesPage(url)) return;
      event.preventDefault();
      event.stopPropagation();
      if (asking) return;
      asking = true;
      void askToLeave().then((leave) => {
        asking = false;
        if (leave) navigate(`${url.pathname}${url.search}${url.hash}`);
      });
    };

    const navigation = (window as { navigation?: NavigationHistory }).navigation;
    let leaving = false;
    const onTraverse = (event: Event) => {
      const { navigationType, destination, cancelable } = event as TraverseEvent;
      if (leaving || navigationType !== 'traverse' || !cancelable) return;
      if (!leavesPage(new URL(destination.url))) return;
      event.preventDefault();
      if (asking) return;
      asking = true;
      void askToLeave().then((leave) => {
        asking = false;
        if (!leave) return;
        leaving = true;
        navigation?.traverseTo(destination.key);
      });
    };

    document.addEventListener('click', onClick, true);
    navigation?.addEventListener('navigate', onTraverse);
    return () => {
      document.removeEventListener('click', onClick, true);
      navigation?.removeEventListener('navigate', onTraverse);
    };
  }, [navigate, pathname, search]);

  return null;
}
