import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { preloadScreens } from './router';
import { preconnectDatabase } from '@/services/database-rest';

preloadScreens(window.location);
preconnectDatabase();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
