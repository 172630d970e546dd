import type { WebsiteRecord } from '../api/admin-records';
import { ScrollBox } from './scroll-box';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function formatCreatedAt(value: number | string | undefined): string {
  if (typeof value === 'number') return when.format(value);
  return value ?? '';
}

function newestFirst<T extends { createdAt?: number | string }>(
  entries: Record<string, T> | undefined,
) {
  return Object.entries(entries ?? {}).sort(([, a], [, b]) =>
    String(b.createdAt ?? '').localeCompare(String(a.createdAt ?? ''), undefined, {
      numeric: true,
    }),
  );
}

/** The admin reads newsletter subscribers and contact messages. */
export function WebsiteInbox({ website }: { website: WebsiteRecord | null }) {
  const subscribers = newestFirst(website?.subscribers);
  const messages = newestFirst(website?.contact);
  return (
    <div className="row g-4 mb-4">
      <section className="col-lg-5">
        <h2 id="subscribers-title" className="h5">
          Subscribers <span className="badge text-bg-secondary">{subscribers.length}</span>
        </h2>
        <ScrollBox labelledBy="subscribers-title">
          {subscribers.length === 0 ? (
            <p className="p-3 mb-0">No subscribers yet.</p>
          ) : (
            <ul className="list-group list-group-flush">
              {subscribers.map(([key, entry]) => (
                <li key={key} className="list-group-item small">
                  <span className="fw-semibold text-break">{entry.email ?? entry.message}</span>
                  <span className="d-block text-body-secondary">
                    {formatCreatedAt(entry.createdAt)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </ScrollBox>
      </section>
      <section className="col-lg-7">
        <h2 id="contact-messages-title" className="h5">
          Contact messages <span className="badge text-bg-secondary">{messages.length}</span>
        </h2>
        <ScrollBox labelledBy="contact-messages-title">
          {messages.length === 0 ? (
            <p className="p-3 mb-0">No messages yet.</p>
          ) : (
            <ul className="list-group list-group-flush">
              {messages.map(([key, entry]) => (
                <li key={key} className="list-group-item small">
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
                </li>
              ))}
            </ul>
          )}
        </ScrollBox>
      </section>
    </div>
  );
}
