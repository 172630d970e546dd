import { useCallback, useEffect, useState } from 'react';
import type { AdminPage, PageCursor } from '../api/admin-records';

export type PageState<T> =
  { status: 'loading' } | { status: 'ready'; page: AdminPage<T> } | { status: 'error' };

/**
 * Pages through a newest-first admin list: `next` goes to older rows, `previous` back to newer
 * ones (the cursors of the pages seen so far are kept, so going back costs one read, not all).
 */
export function useNewestPages<T>(
  readPage: (cursor: PageCursor | null) => Promise<AdminPage<T>>,
  failureLog: string,
) {
  const [cursors, setCursors] = useState<Array<PageCursor | null>>([null]);
  const cursor = cursors[cursors.length - 1];
  const key = JSON.stringify(cursor);
  const [loaded, setLoaded] = useState<{ key: string; state: PageState<T> }>({
    key,
    state: { status: 'loading' },
  });

  useEffect(() => {
    let current = true;
    readPage(cursor).then(
      (page) => current && setLoaded({ key, state: { status: 'ready', page } }),
      (error: unknown) => {
        console.error(failureLog, error);
        if (current) setLoaded({ key, state: { status: 'error' } });
      },
    );
    return () => {
      current = false;
    };
  }, [readPage, cursor, key, failureLog]);

  const state: PageState<T> = loaded.key === key ? loaded.state : { status: 'loading' };
  const older = state.status === 'ready' ? state.page.older : null;
  const next = useCallback(() => {
    if (older) setCursors((seen) => [...seen, older]);
  }, [older]);
  const previous = useCallback(() => setCursors((seen) => seen.slice(0, -1)), []);
  return {
    state,
    pageNumber: cursors.length,
    hasNext: older !== null,
    hasPrevious: cursors.length > 1,
    next,
    previous,
  };
}
