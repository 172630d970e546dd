import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { registerAppServiceWorker } from './shell/app-updates';
import { preloadScreens } from './router';
import { preconnectDatabase } from '@/services/database-rest';

preloadScreens(window.location);
preconnectDatabase();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Production builds only: in development Vite serves modules the worker would pin to an old version.
if (import.meta.env.PROD) registerAppServiceWorker();
