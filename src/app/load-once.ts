import type { ComponentType } from 'react';

/** Fetches a component once; `loaded` holds it once it has arrived, so React can render it without waiting. */
export interface ComponentLoader<P = object> {
  (): Promise<ComponentType<P>>;
  loaded?: ComponentType<P>;
}

/** No React here (a type only): src/app/screen-loaders.ts, part of the entry, uses it. */
export function loadOnce<P>(load: () => Promise<ComponentType<P>>): ComponentLoader<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  const loader: ComponentLoader<P> = () =>
    (loading ??= load().then((component) => (loader.loaded = component)));
  return loader;
}
