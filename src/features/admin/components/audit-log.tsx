import { ADMIN_ACTION_LABELS, type AdminAuditEntry } from '@domain/site/moderation-records';
import { readAuditPage } from '../api/admin-records';
import { formatDateTime } from '@/lib/format';
import { PagedBox } from './paged-box';

/** Every admin action, newest first: who, what, to whom or which challenge, when and why. */
export function AuditLog({ refresh }: { refresh: unknown }) {
  return (
    <section className="mb-4">
      <PagedBox
        id="audit-log-title"
        title="Audit log"
        subject="admin actions"
        readPage={readAuditPage}
        refresh={refresh}
        renderRow={(entry: AdminAuditEntry) => (
          <>
            <div className="d-flex flex-wrap justify-content-between column-gap-2">
              <span className="text-break">
                <span className="fw-semibold">{entry.actor.email || entry.actor.uid}</span>{' '}
                {ADMIN_ACTION_LABELS[entry.action] ?? entry.action}:{' '}
                <span className="fw-semibold">{entry.target.label}</span>
              </span>
              <span className="text-body-secondary text-nowrap">{formatDateTime(entry.at)}</span>
            </div>
            {entry.reason && <div className="text-body-secondary">Reason: {entry.reason}</div>}
          </>
        )}
      />
    </section>
  );
}
