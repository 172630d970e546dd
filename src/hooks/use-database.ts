import { startTransition, useEffect, useState } from 'react';
import type { ChildQuery, Row } from '@domain/data/child-query';
import { sameJsonValue } from '@domain/data/same-json-value';
import { watchChildren, watchValue } from '@/services/database';

import type { Loadable } from './use-async';

/*
 * Answers are rendered as transitions: React renders them in slices of a few milliseconds, yielding to the
 * browser in between, so a large page arriving at once (a 7-day challenge) is not one long task (Total
 * Blocking Time, docs/performance.md).
 */

/** Live value at `path` (null when absent); pass null to read nothing. */
export function useDatabaseValue<T>(path: string | null): Loadable<T | null> {
  const [state, setState] = useState<{ path: string | null; loaded: Loadable<T | null> }>({
    path,
    loaded: { status: 'loading' },
  });
  useEffect(() => {
    if (path === null) return;
    let shown: { value: T | null } | undefined;
    return watchValue<T>(
      path,
      (value) => {
        if (shown && sameJsonValue(shown.value, value)) return;
        shown = { value };
        startTransition(() => setState({ path, loaded: { status: 'ready', value } }));
      },
      (error) => {
        shown = undefined;
        startTransition(() => setState({ path, loaded: { status: 'error', error } }));
      },
    );
  }, [path]);
  // A new path shows loading until its first answer, never the previous path's value.
  return state.path === path ? state.loaded : { status: 'loading' };
}

/** Live children of `path` matching the query, in query order. */
export function useDatabaseChildren<T>(
  path: string | null,
  spec: ChildQuery,
): Loadable<Array<Row<T>>> {
  const specKey = JSON.stringify(spec);
  const watchKey = path === null ? null : `${path}?${specKey}`;
  const [state, setState] = useState<{ key: string | null; loaded: Loadable<Array<Row<T>>> }>({
    key: watchKey,
    loaded: { status: 'loading' },
  });
  useEffect(() => {
    if (path === null || watchKey === null) return;
    let shown: Array<Row<T>> | undefined;
    return watchChildren<T>(
      path,
      JSON.parse(specKey) as ChildQuery,
      (rows) => {
        if (shown && sameJsonValue(shown, rows)) return;
        shown = rows;
        startTransition(() =>
          setState({ key: watchKey, loaded: { status: 'ready', value: rows } }),
        );
      },
      (error) => {
        shown = undefined;
        startTransition(() => setState({ key: watchKey, loaded: { status: 'error', error } }));
      },
    );
  }, [path, specKey, watchKey]);
  return state.key === watchKey ? state.loaded : { status: 'loading' };
}
