import './app-notice.css';
import { useSyncExternalStore } from 'react';

const subscribe = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** Whether the browser says it has a network connection. */
function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine);
}

/** Tells the member the connection is gone; what is already on screen stays. */
export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="app-notice app-notice--offline" role="status">
      You are offline. What is on screen stays; new data loads when the connection is back.
    </div>
  );
}
