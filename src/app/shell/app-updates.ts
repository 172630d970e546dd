/// <reference types="vite-plugin-pwa/client" />
import { useSyncExternalStore } from 'react';
import { linkAppManifest } from './app-manifest';

/** What the shell knows about the installed app's service worker. */
export interface AppUpdateState {
  /** A new version is installed and waits for the member to reload. */
  waiting: boolean;
  /** Activates the waiting version and reloads the page. */
  reload: () => Promise<void>;
}

let state: AppUpdateState = { waiting: false, reload: async () => {} };
const listeners = new Set<() => void>();

export function setAppUpdateState(next: AppUpdateState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

export function useAppUpdate(): AppUpdateState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    // The build's prerender (src/app/prerender-page.tsx): no worker there.
    () => state,
  );
}

/**
 * The worker's registration (two chunks, then its precache of every chunk) waits this long after `load`: the
 * app's scripts are modules, so `load` fires before the first screen has its code, data and images, and
 * the registration would compete with them (docs/performance.md, "Decisions that hold the budgets").
 */
const REGISTER_AFTER_LOAD_MS = 3000;

/**
 * Registers the service worker vite-plugin-pwa builds (build-plugins/installable-app.ts), once the first
 * screen has had time to load, so its precaching never competes with it. A new version is not activated
 * behind the member's back: it waits, and the shell's update prompt offers the reload.
 */
export function registerAppServiceWorker(): void {
  const register = async () => {
    linkAppManifest(); // The install manifest waits with the worker (src/app/shell/app-manifest.ts).
    if (!('serviceWorker' in navigator)) return;
    const { registerSW } = await import('virtual:pwa-register');
    const updateServiceWorker = registerSW({
      onNeedRefresh: () =>
        setAppUpdateState({ waiting: true, reload: () => updateServiceWorker(true) }),
      onRegisterError: (error: unknown) =>
        console.warn('The offline copy of ChallangeX could not be installed:', error),
    });
  };
  const registerSoon = () => setTimeout(() => void register(), REGISTER_AFTER_LOAD_MS);
  if (document.readyState === 'complete') registerSoon();
  else window.addEventListener('load', registerSoon, { once: true });
}
