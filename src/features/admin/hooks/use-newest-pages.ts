import { useCallback, useState } from 'react';
import { useAsync } from '@/hooks/use-loadable';
import type { AdminPage, PageCursor } from '../api/admin-records';

/**
 * Pages through a newest-first admin list: `next` goes to older rows, `previous` back to newer
 * ones (the cursors of the pages seen so far are kept, so going back costs one read, not all).
 * A change of `refresh` reads the page shown again, after an action changed the list.
 */
export function useNewestPages<T>(
  readPage: (cursor: PageCursor | null) => Promise<AdminPage<T>>,
  failureLog: string,
  refresh?: unknown,
) {
  const [cursors, setCursors] = useState<Array<PageCursor | null>>([null]);
  const cursor = cursors[cursors.length - 1];
  const state = useAsync(
    JSON.stringify(cursor),
    () =>
      readPage(cursor).catch((error: unknown) => {
        console.error(failureLog, error);
        throw error;
      }),
    refresh,
  );
  const older = state.status === 'ready' ? state.value.older : null;
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
