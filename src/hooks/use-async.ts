import { useEffect, useEffectEvent, useState } from 'react';

export type Loadable<T> =
  | { status: 'loading'; value?: undefined; error?: undefined }
  | { status: 'ready'; value: T; error?: undefined }
  | { status: 'error'; value?: undefined; error: Error };

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * A one-off load, keyed by what it loads: a new `key` shows loading until its
 * own answer arrives (never the previous key's), an answer for a key no longer
 * shown is dropped, and `null` loads nothing. A change of `refresh` loads the
 * same key again while its last answer stays on screen.
 */
export function useAsync<T>(
  key: string | null,
  load: () => Promise<T>,
  refresh?: unknown,
): Loadable<T> {
  const [state, setState] = useState<{ key: string; loaded: Loadable<T> } | null>(null);
  const start = useEffectEvent(load);
  useEffect(() => {
    if (key === null) return;
    let current = true;
    start().then(
      (value) => current && setState({ key, loaded: { status: 'ready', value } }),
      (error: unknown) =>
        current && setState({ key, loaded: { status: 'error', error: asError(error) } }),
    );
    return () => {
      current = false;
    };
  }, [key, refresh]);
  return state !== null && state.key === key ? state.loaded : { status: 'loading' };
}
