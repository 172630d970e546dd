import { Link } from 'react-router-dom';
import './notices.css';
import type { Loadable } from '@/hooks/use-loadable';
import { MemberAvatar } from '@/components/member-avatar';
import { formatDateTimeIfAny } from '@/lib/format';
import { challengePath } from '@/lib/app-addresses';
import { noticeText } from '../api/notice-text';
import type { NoticesView } from '../hooks/use-notices';

interface NoticesListProps {
  notices: Loadable<NoticesView>;
  /** Notices after this time are marked new (what was new when the list was opened). */
  newSince: number | null;
  /** Following a notice's link (e.g. to close the menu holding the list). */
  onFollow?: () => void;
}

/** The member's recent cheers and nudges, each linking to its challenge (docs/product.md, "Group challenges"). */
export function NoticesList({ notices: loadable, newSince, onFollow }: NoticesListProps) {
  if (loadable.status === 'error') {
    return (
      <p className="small text-body-secondary mb-0 px-3 py-2">
        Notices could not be loaded. Check your connection and reload the page.
      </p>
    );
  }
  if (loadable.status === 'loading') {
    return (
      <p className="small text-body-secondary mb-0 px-3 py-2" role="status">
        Loading notices…
      </p>
    );
  }
  const { notices } = loadable.value;
  if (notices.length === 0) {
    return <p className="small text-body-secondary mb-0 px-3 py-2">No cheers or nudges yet</p>;
  }
  return (
    <ul className="list-unstyled mb-0 notices-list">
      {notices.map(({ key, value: notice }) => {
        const fresh = typeof notice.at === 'number' && notice.at > (newSince ?? 0);
        const when = formatDateTimeIfAny(notice.at);
        return (
          <li key={key}>
            <Link
              className={`dropdown-item text-wrap d-flex gap-2 align-items-start${fresh ? ' fw-semibold' : ''}`}
              to={challengePath(notice.ownerId, notice.challengeId, notice.title)}
              onClick={onFollow}
            >
              <MemberAvatar
                name={notice.fromName || 'Member'}
                photoURL={notice.fromPhotoURL}
                size={28}
              />
              <span>
                {fresh && <span className="badge text-bg-success me-1">New</span>}
                {noticeText(notice)}
                {when && (
                  <span className="d-block small fw-normal text-body-secondary">{when}</span>
                )}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
