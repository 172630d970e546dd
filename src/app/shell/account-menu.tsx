import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { logout } from '@/features/auth/api/logout';
import { NewNoticesText, NoticesBadge } from '@/features/notices/components/notices-badge';
import type { NoticesView } from '@/features/notices/hooks/use-notices';
import { markNoticesSeen } from '@/features/notices/api/notices-feed';
import type { Loadable } from '@/hooks/use-loadable';
import { storageKeys, writeStored } from '@/lib/device-storage';
import { myChallengesPath } from '@/components/my-challenges-address';
import { profilePath } from '@/lib/app-addresses';
import { toastError, toastSuccess } from '@/lib/toast';
import type { SessionUser } from '@/services/auth';
import { NEW_NOTICES_ID } from './new-notices-id';

// The list's code loads when a member opens it: the shell's chunk is part of every first page.
const NoticesList = lazy(() =>
  import('@/features/notices/components/notices-list').then((module) => ({
    default: module.NoticesList,
  })),
);

/**
 * The signed-in member's menu in the nav bar: Bootstrap's dropdown markup, placed by its CSS as a navbar
 * dropdown always is (`data-bs-popper="static"`), so no positioning library is loaded.
 */
export function AccountMenu({
  user,
  notices,
}: {
  user: SessionUser;
  notices: Loadable<NoticesView>;
}) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // Open with what was new when the list was opened: marking them seen must not unmark them before they are read.
  const [noticesShown, setNoticesShown] = useState<{ newSince: number | null } | null>(null);
  const item = useRef<HTMLLIElement>(null);
  const newCount = notices.value?.newCount ?? 0;
  const toggleNotices = () => {
    if (noticesShown) {
      setNoticesShown(null);
      return;
    }
    setNoticesShown({ newSince: notices.value?.seenAt ?? null });
    // The badge clears once the server has the time; a failed write leaves it (nothing to tell the member).
    void markNoticesSeen(user.uid).catch(() => undefined);
  };

  const close = () => {
    setOpen(false);
    setNoticesShown(null);
  };

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: PointerEvent) => {
      if (!item.current?.contains(event.target as Node)) close();
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      item.current?.querySelector<HTMLButtonElement>('.dropdown-toggle')?.focus();
    };
    document.addEventListener('pointerdown', closeOnOutsideClick);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutsideClick);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  const onLogout = async () => {
    close();
    // A plain login: the page being left is this member's, not the next person's (src/lib/return-address.ts);
    // a members' page's guard sends to the same address, in either order with this navigate.
    try {
      await logout(user.uid);
      toastSuccess('Logout successfully');
      navigate('/login', { replace: true });
    } catch {
      toastError('Logout failed');
    }
  };

  const openOwnProfile = (section?: 'my-challenges') => {
    close();
    writeStored(storageKeys.loadProfile, user.uid);
    const name = user.displayName ?? user.uid;
    navigate(section ? myChallengesPath(name, user.uid) : profilePath(name, user.uid));
  };

  return (
    <li ref={item} className={`nav-item dropdown${open ? ' show' : ''}`}>
      <button
        type="button"
        id="account-menu"
        className="nav-link dropdown-toggle"
        aria-expanded={open}
        aria-controls="account-menu-items"
        aria-describedby={newCount > 0 ? NEW_NOTICES_ID : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {user.displayName ?? user.email ?? 'Member'}
        <NoticesBadge count={newCount} className="ms-1" />
      </button>
      <NewNoticesText count={newCount} id={NEW_NOTICES_ID} />
      <ul
        id="account-menu-items"
        className={`dropdown-menu dropdown-menu-end${open ? ' show' : ''}`}
        data-bs-popper="static"
        aria-labelledby="account-menu"
      >
        <li>
          <button type="button" className="dropdown-item" onClick={() => openOwnProfile()}>
            Profile
          </button>
        </li>
        <li>
          <button
            type="button"
            className="dropdown-item"
            onClick={() => openOwnProfile('my-challenges')}
          >
            My challenges
          </button>
        </li>
        <NoticesEntry
          notices={notices}
          newSince={noticesShown?.newSince}
          onToggle={toggleNotices}
          onFollow={close}
        />
        {user.isAdmin && (
          <li>
            <Link className="dropdown-item" to="/admin-x" onClick={close}>
              Admin-X
            </Link>
          </li>
        )}
        <li>
          <hr className="dropdown-divider" />
        </li>
        <li>
          <button type="button" className="dropdown-item" onClick={() => void onLogout()}>
            Logout
          </button>
        </li>
      </ul>
    </li>
  );
}

/** The menu's "Notices" entry and, once opened, the list under it. */
function NoticesEntry({
  notices,
  newSince,
  onToggle,
  onFollow,
}: {
  notices: Loadable<NoticesView>;
  /** undefined while the list is closed. */
  newSince: number | null | undefined;
  onToggle: () => void;
  onFollow: () => void;
}) {
  const newCount = notices.value?.newCount ?? 0;
  return (
    <>
      <li>
        <button
          type="button"
          className="dropdown-item d-flex align-items-center"
          aria-expanded={newSince !== undefined}
          aria-controls="notices-panel"
          aria-describedby={newCount > 0 ? NEW_NOTICES_ID : undefined}
          onClick={onToggle}
        >
          Notices
          <NoticesBadge count={newCount} className="ms-auto" />
        </button>
      </li>
      {newSince !== undefined && (
        <li id="notices-panel" className="notices-panel" role="region" aria-label="Notices">
          <Suspense
            fallback={<p className="small text-body-secondary mb-0 px-3 py-2">Loading notices…</p>}
          >
            <NoticesList notices={notices} newSince={newSince} onFollow={onFollow} />
          </Suspense>
        </li>
      )}
    </>
  );
}
