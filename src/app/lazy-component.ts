import { lazy } from 'react';
import type { ComponentLoader } from './load-once';

/**
 * The app's one lazy wrapper: a component whose code is fetched on first render (or earlier, by calling its
 * loader). One already fetched is handed to React synchronously: a lazy component that suspends even briefly
 * shows its fallback, and React then holds the screen back for ~300 ms (its reveal throttle).
 */
export function lazyComponent<P extends object>(load: ComponentLoader<P>) {
  return lazy(() => {
    const { loaded } = load;
    if (!loaded) return load().then((component) => ({ default: component }));
    return {
      then: (resolve: (module: { default: typeof loaded }) => void) => resolve({ default: loaded }),
    } as Promise<{ default: typeof loaded }>;
  });
}
