/// <reference types="vite-plugin-pwa/client" />
import { useSyncExternalStore } from 'react';

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
  );
}

/**
 * Registers the service worker vite-plugin-pwa builds (build-plugins/installable-app.ts), once the page has
 * loaded so its precaching never competes with the first paint. A new version is not activated behind the
 * member's back: it waits, and the shell's update prompt offers the reload.
 */
export function registerAppServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = async () => {
    const { registerSW } = await import('virtual:pwa-register');
    const updateServiceWorker = registerSW({
      onNeedRefresh: () =>
        setAppUpdateState({ waiting: true, reload: () => updateServiceWorker(true) }),
      onRegisterError: (error: unknown) =>
        console.warn('The offline copy of ChallangeX could not be installed:', error),
    });
  };
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
