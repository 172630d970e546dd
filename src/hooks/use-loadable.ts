import { startTransition, useEffect, useEffectEvent, useState } from 'react';
import { sameJsonValue } from '@domain/data/same-json-value';
import { afterMainContent } from '@/lib/main-content';
import { watchRead } from '@/services/database';
import { arrivedAnswer, keptAnswer } from '@/services/database-reads';
import { assembleFields, readIdentity, readParts, type Read } from '@domain/data/read-descriptor';

/* The one loading shape (Loadable) and the two hooks that answer it: useRead (live reads through the data
 * client) and useAsync (one-off promises such as API calls). */

/**
 * `kept`: the value is the copy this device kept of a public read's last answer (read-descriptor.ts's `keep`),
 * shown (as updating) until the live read answers.
 */
export type Loadable<T> =
  | { status: 'loading'; value?: undefined; error?: undefined }
  | { status: 'ready'; value: T; error?: undefined; kept?: boolean }
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

/** Watches `read` through the data client; a `fields` read field by field, answering once every field has. */
function watchFields<T>(
  read: Read<T>,
  onChange: (value: T) => void,
  onError: (error: Error) => void,
): () => void {
  if (!read.fields) return watchRead(read, onChange, onError);
  const parts = readParts(read);
  const values: unknown[] = [];
  const answered = new Set<number>();
  const stops = parts.map((part, index) =>
    watchRead(
      part,
      (value) => {
        values[index] = value;
        answered.add(index);
        if (answered.size === parts.length) onChange(assembleFields(read, values));
      },
      onError,
    ),
  );
  return () => stops.forEach((stop) => stop());
}

/**
 * The live answer of `read` (a feature's read descriptor, database-reads.ts); null reads nothing. A new
 * descriptor shows loading until its own first answer, never the previous one's. A `secondary` read starts once
 * the page's main content is on screen (src/lib/main-content.ts). Until the first answer, a copy kept on the
 * device (the descriptor's `keep`) is ready and `kept`.
 *
 * Answers are rendered as transitions: React renders them in slices of a few milliseconds, yielding to the
 * browser in between, so a large page arriving at once (a 7-day challenge) is not one long task (Total Blocking
 * Time, docs/performance.md). An answer equal to the one shown (the SDK's listener repeating REST's) renders
 * nothing.
 */
export function useRead<T>(read: Read<T> | null): Loadable<T> {
  const identity = read === null ? null : readIdentity(read);
  const secondary = read?.priority === 'secondary';
  // An early answer already in (src/app/screen-loaders.ts) is the first render's: no loading state first.
  const [state, setState] = useState<{ identity: string | null; loaded: Loadable<T> }>(() => {
    const arrived = read === null ? null : arrivedAnswer(read);
    return {
      identity,
      loaded: arrived ? { status: 'ready', value: arrived.value } : { status: 'loading' },
    };
  });
  const currentRead = useEffectEvent(() => read);
  const shownValue = useEffectEvent(() =>
    state.identity === identity && state.loaded.status === 'ready'
      ? { value: state.loaded.value }
      : undefined,
  );
  useEffect(() => {
    const watched = currentRead();
    if (identity === null || watched === null) return;
    // The same answer arriving through the watch renders nothing again.
    let shown: { value: T } | undefined = shownValue();
    let stop = () => {};
    const start = () => {
      stop = watchFields<T>(
        watched,
        (value) => {
          if (shown && sameJsonValue(shown.value, value)) return;
          shown = { value };
          startTransition(() => setState({ identity, loaded: { status: 'ready', value } }));
        },
        (error) => {
          shown = undefined;
          startTransition(() => setState({ identity, loaded: { status: 'error', error } }));
        },
      );
    };
    const cancelWait = secondary ? afterMainContent(start) : (start(), () => {});
    return () => {
      cancelWait();
      stop();
    };
  }, [identity, secondary]);
  if (state.identity === identity && state.loaded.status !== 'loading') return state.loaded;
  const kept = read === null ? null : keptAnswer(read);
  return kept === null ? { status: 'loading' } : { status: 'ready', value: kept, kept: true };
}
