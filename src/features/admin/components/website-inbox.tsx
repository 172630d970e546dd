import { readContactPage, readSubscriberPage } from '../api/admin-records';
import { formatStoredDateTime } from '@/lib/format';
import { PagedBox } from './paged-box';

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
                {formatStoredDateTime(entry.createdAt)}
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
                  {formatStoredDateTime(entry.createdAt)}
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
