import './app-notice.css';
import { useOnline } from '@/lib/connectivity';

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
