import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { registerAppServiceWorker } from './shell/app-updates';
import { preconnectDatabase } from '@/services/database-reads';

// The address's screens were started by src/main.tsx (screen-loaders.ts), before React and the router.
preconnectDatabase();

// As a transition React renders the app in slices of a few milliseconds, yielding to the browser in between,
// instead of one long task (Total Blocking Time); the static shell stays on screen meanwhile.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

// Production builds only: in development Vite serves modules the worker would pin to an old version.
if (import.meta.env.PROD) registerAppServiceWorker();
