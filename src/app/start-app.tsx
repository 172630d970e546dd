import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { preloadScreens } from './router';

preloadScreens(window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
