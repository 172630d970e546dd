import './app-notice.css';
import { useState } from 'react';
import { useAppUpdate } from './app-updates';

/** "New version — reload": shown when a new version of the app is installed and waiting (never applied silently). */
export function UpdatePrompt() {
  const { waiting, reload } = useAppUpdate();
  const [dismissed, setDismissed] = useState(false);
  const [reloading, setReloading] = useState(false);
  if (!waiting || dismissed) return null;
  return (
    <div className="app-notice app-notice--update" role="alert">
      <span>A new version of ChallangeX is available.</span>
      <button
        type="button"
        className="btn btn-sm btn-light"
        disabled={reloading}
        onClick={() => {
          setReloading(true);
          void reload();
        }}
      >
        {reloading ? 'Reloading…' : 'Reload'}
      </button>
      <button
        type="button"
        className="btn btn-sm btn-link link-light"
        onClick={() => setDismissed(true)}
      >
        Later
      </button>
    </div>
  );
}
