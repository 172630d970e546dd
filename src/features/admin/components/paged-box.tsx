import type { ReactNode } from 'react';
import type { AdminPage, PageCursor } from '../api/admin-records';
import { useNewestPages } from '../hooks/use-newest-pages';
import { PageControls } from './page-controls';
import { ScrollBox } from './scroll-box';

interface PagedBoxProps<T> {
  id: string;
  title: string;
  /** Plural noun for the page buttons and the empty state. */
  subject: string;
  readPage: (cursor: PageCursor | null) => Promise<AdminPage<T>>;
  renderRow: (entry: T, key: string) => ReactNode;
  /** A change reads the page shown again. */
  refresh?: unknown;
}

/** A titled, scrollable admin list read newest first a page at a time, with previous/next. */
export function PagedBox<T>({
  id,
  title,
  subject,
  readPage,
  renderRow,
  refresh,
}: PagedBoxProps<T>) {
  const pages = useNewestPages(readPage, `The ${subject} could not be loaded`, refresh);
  const { state } = pages;
  return (
    <>
      <h2 id={id} className="h5">
        {title}
      </h2>
      <ScrollBox labelledBy={id}>
        {state.status === 'loading' && (
          <p className="p-3 mb-0 text-body-secondary">Loading {subject}…</p>
        )}
        {state.status === 'error' && (
          <p className="p-3 mb-0 text-danger">The {subject} could not be loaded.</p>
        )}
        {state.status === 'ready' && state.value.rows.length === 0 && (
          <p className="p-3 mb-0">No {subject} yet.</p>
        )}
        {state.status === 'ready' && state.value.rows.length > 0 && (
          <ul className="list-group list-group-flush">
            {state.value.rows.map(({ key, value }) => (
              <li key={key} className="list-group-item small">
                {renderRow(value, key)}
              </li>
            ))}
          </ul>
        )}
      </ScrollBox>
      <PageControls
        subject={subject}
        pageNumber={pages.pageNumber}
        hasPrevious={pages.hasPrevious}
        hasNext={pages.hasNext}
        onPrevious={pages.previous}
        onNext={pages.next}
      />
    </>
  );
}
