import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { confirmAction } from '@/lib/toast';

/**
 * Rendered while an upload runs: leaving the page would cancel it silently, so the browser asks before
 * closing or reloading the tab (beforeunload) and the app asks before any in-app navigation (the router's
 * blocker). Render it only while uploading: a router honours one blocker at a time.
 */
export function UploadLeaveGuard() {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname ||
      currentLocation.search !== nextLocation.search,
  );

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
    if (blocker.state !== 'blocked') return;
    let answered = false;
    void confirmAction({
      title: 'An upload is running',
      text: 'Leaving this page cancels it. Stay until it finishes?',
      confirmButtonText: 'Leave and cancel it',
      cancelButtonText: 'Stay',
    }).then((leave) => {
      if (answered) return;
      answered = true;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
    return () => {
      answered = true;
    };
  }, [blocker]);

  return null;
}
