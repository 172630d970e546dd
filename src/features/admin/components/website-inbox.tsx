import type { ReactNode } from 'react';
import {
  readContactPage,
  readSubscriberPage,
  type AdminPage,
  type PageCursor,
} from '../api/admin-records';
import { useNewestPages } from '../hooks/use-newest-pages';
import { PageControls } from './page-controls';
import { ScrollBox } from './scroll-box';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function formatCreatedAt(value: number | string | undefined): string {
  if (typeof value === 'number') return when.format(value);
  return value ?? '';
}

interface PagedBoxProps<T> {
  id: string;
  title: string;
  /** Plural noun for the page buttons and the empty state. */
  subject: string;
  readPage: (cursor: PageCursor | null) => Promise<AdminPage<T>>;
  renderRow: (entry: T) => ReactNode;
}

function PagedBox<T>({ id, title, subject, readPage, renderRow }: PagedBoxProps<T>) {
  const pages = useNewestPages(readPage, `The ${subject} could not be loaded`);
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
        {state.status === 'ready' && state.page.rows.length === 0 && (
          <p className="p-3 mb-0">No {subject} yet.</p>
        )}
        {state.status === 'ready' && state.page.rows.length > 0 && (
          <ul className="list-group list-group-flush">
            {state.page.rows.map(({ key, value }) => (
              <li key={key} className="list-group-item small">
                {renderRow(value)}
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

/** Newsletter subscribers and contact messages, newest first, a page at a time. */
export function WebsiteInbox() {
  return (
    <div className="row g-4 mb-4">
      <section className="col-lg-5">
        <PagedBox
          id="subscribers-title"
          title="Subscribers"
          subject="subscribers"
          readPage={readSubscriberPage}
          renderRow={(entry) => (
            <>
              <span className="fw-semibold text-break">{entry.email}</span>
              <span className="d-block text-body-secondary">
                {formatCreatedAt(entry.createdAt)}
              </span>
            </>
          )}
        />
      </section>
      <section className="col-lg-7">
        <PagedBox
          id="contact-messages-title"
          title="Contact messages"
          subject="messages"
          readPage={readContactPage}
          renderRow={(entry) => (
            <>
              <div className="d-flex justify-content-between gap-2">
                <span className="fw-semibold text-break">
                  {entry.name} &lt;{entry.email}&gt;
                </span>
                <span className="text-body-secondary text-nowrap">
                  {formatCreatedAt(entry.createdAt)}
                </span>
              </div>
              {entry.reason && <div className="text-body-secondary">{entry.reason}</div>}
              {entry.message && (
                <p className="mb-0 text-break" style={{ whiteSpace: 'pre-line' }}>
                  {entry.message}
                </p>
              )}
            </>
          )}
        />
      </section>
    </div>
  );
}
