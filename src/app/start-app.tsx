import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { readStored, storageKeys } from '@/lib/device-storage';
import { App } from './app';
import {
  APP_STYLES_ATTRIBUTE,
  MEMBER_SESSION_CLASS,
  PRERENDERED_ATTRIBUTE,
} from './prerender-marks';
import { matchAppRoute } from './route-table';
import { registerAppServiceWorker } from './shell/app-updates';
import { preconnectDatabase } from '@/services/database-reads';

/**
 * Whether #root holds exactly what the app's first render draws here: a page prerendered for this address's
 * route (docs/architecture.md, "Prerendered public pages") for a visitor, on a device that holds neither a
 * session nor kept copies of public reads, both of which the first render would draw.
 */
function drawsPrerenderedPage(container: HTMLElement): boolean {
  const prerendered = container.getAttribute(PRERENDERED_ATTRIBUTE);
  if (prerendered === null) return false;
  const sameRoute = matchAppRoute(prerendered).route === matchAppRoute(location.pathname).route;
  return (
    sameRoute && readStored(storageKeys.session) === null && readStored(storageKeys.kept) === null
  );
}

/**
 * Shows the page again once React has drawn its own (the <head> check hid a member's prerendered page): the
 * observer runs right after React's first commit empties and fills #root, before the browser paints.
 */
function revealAfterFirstCommit(container: HTMLElement): void {
  const observer = new MutationObserver(() => {
    observer.disconnect();
    document.documentElement.classList.remove(MEMBER_SESSION_CLASS);
  });
  observer.observe(container, { childList: true });
}

/**
 * Applies the app's whole stylesheet, which the page fetched beside its first screen's rules without blocking
 * its first paint (build-plugins/first-screen-stylesheet.ts): React draws nothing before every rule is there.
 * Development builds link no such stylesheet (Vite injects the styles).
 */
async function applyAppStyles(): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>(`link[${APP_STYLES_ATTRIBUTE}]`);
  if (!link) return;
  if (!link.sheet) {
    await new Promise((resolve) => {
      link.addEventListener('load', resolve, { once: true });
      link.addEventListener('error', resolve, { once: true });
    });
  }
  link.media = 'all';
}

// The address's screens were started by src/main.tsx (screen-loaders.ts), before React and the router.
preconnectDatabase();
void drawApp();

/**
 * Draws the app once its whole stylesheet applies. Not a top-level await: a module awaiting at its top makes the
 * bundler give the lazy screens' chunks re-exporting facades (two `layout-page` chunks, one a re-export).
 */
async function drawApp(): Promise<void> {
  await applyAppStyles();
  const container = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // As a transition React renders (or hydrates) the app in slices of a few milliseconds, yielding to the browser
  // in between, instead of one long task (Total Blocking Time); the HTML already there stays on screen meanwhile.
  if (drawsPrerenderedPage(container)) {
    // React takes over the prerendered markup as it is: no second layout of the page.
    startTransition(() => void hydrateRoot(container, app));
  } else {
    container.removeAttribute(PRERENDERED_ATTRIBUTE);
    revealAfterFirstCommit(container);
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
}

// Production builds only: in development Vite serves modules the worker would pin to an old version.
if (import.meta.env.PROD) registerAppServiceWorker();
