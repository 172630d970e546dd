import { startTransition, useEffect, useEffectEvent, useState } from 'react';
import { sameJsonValue } from '@domain/data/same-json-value';
import { afterMainContent } from '@/lib/main-content';
import { watchChildren, watchValue } from '@/services/database';
import { assembleFields, readIdentity, readParts, type Read } from '@domain/data/read-descriptor';

/* The one loading shape (Loadable) and the two hooks that answer it: useRead (live reads through the data
 * client) and useAsync (one-off promises such as API calls). */

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

/** Starts the SDK-or-REST watch of a single read (not a `fields` one). */
function watchPart(
  part: Read<unknown>,
  onChange: (value: unknown) => void,
  onError: (error: Error) => void,
): () => void {
  return part.query
    ? watchChildren(part.path, part.query, onChange, onError, part)
    : watchValue(part.path, onChange, onError, part);
}

/** Watches `read` (each field of a `fields` read, answering once every field has), through the data client. */
function watchRead<T>(
  read: Read<T>,
  onChange: (value: T) => void,
  onError: (error: Error) => void,
): () => void {
  const parts = readParts(read);
  const values: unknown[] = [];
  const answered = new Set<number>();
  const stops = parts.map((part, index) =>
    watchPart(
      part,
      (value) => {
        values[index] = value;
        answered.add(index);
        if (answered.size === parts.length) onChange(assembleRead(read, values));
      },
      onError,
    ),
  );
  return () => stops.forEach((stop) => stop());
}

const assembleRead = <T>(read: Read<T>, values: unknown[]): T =>
  read.fields ? assembleFields(read, values) : (values[0] as T);

/**
 * The live answer of `read` (a feature's read descriptor, database-reads.ts); null reads nothing. A new
 * descriptor shows loading until its own first answer, never the previous one's. A `secondary` read starts once
 * the page's main content is on screen (src/lib/main-content.ts).
 *
 * Answers are rendered as transitions: React renders them in slices of a few milliseconds, yielding to the
 * browser in between, so a large page arriving at once (a 7-day challenge) is not one long task (Total Blocking
 * Time, docs/performance.md). An answer equal to the one shown (the SDK's listener repeating REST's) renders
 * nothing.
 */
export function useRead<T>(read: Read<T> | null): Loadable<T> {
  const identity = read === null ? null : readIdentity(read);
  const secondary = read?.priority === 'secondary';
  const [state, setState] = useState<{ identity: string | null; loaded: Loadable<T> }>({
    identity,
    loaded: { status: 'loading' },
  });
  const currentRead = useEffectEvent(() => read);
  useEffect(() => {
    const watched = currentRead();
    if (identity === null || watched === null) return;
    let shown: { value: T } | undefined;
    let stop = () => {};
    const start = () => {
      stop = watchRead<T>(
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
  return state.identity === identity ? state.loaded : { status: 'loading' };
}
