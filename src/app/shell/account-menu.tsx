import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { logout } from '@/features/auth/api/logout';
import { storageKeys, writeStored } from '@/lib/browser-storage';
import { profilePath } from '@/lib/profile-route';
import { toastError, toastSuccess } from '@/lib/toast';
import type { SessionUser } from '@/services/auth';

/**
 * The signed-in member's menu in the nav bar: Bootstrap's dropdown markup, placed by its CSS as a navbar
 * dropdown always is (`data-bs-popper="static"`), so no positioning library is loaded.
 */
export function AccountMenu({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const item = useRef<HTMLLIElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: PointerEvent) => {
      if (!item.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
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
    setOpen(false);
    try {
      await logout();
      toastSuccess('Logout successfully');
      navigate('/login', { replace: true });
    } catch {
      toastError('Logout failed');
    }
  };

  const openOwnProfile = () => {
    setOpen(false);
    writeStored(storageKeys.loadProfile, user.uid);
    navigate(profilePath(user.displayName ?? user.uid, user.uid));
  };

  return (
    <li ref={item} className={`nav-item dropdown${open ? ' show' : ''}`}>
      <button
        type="button"
        id="account-menu"
        className="nav-link dropdown-toggle"
        aria-expanded={open}
        aria-controls="account-menu-items"
        onClick={() => setOpen((shown) => !shown)}
      >
        {user.displayName ?? user.email ?? 'Member'}
      </button>
      <ul
        id="account-menu-items"
        className={`dropdown-menu dropdown-menu-end${open ? ' show' : ''}`}
        data-bs-popper="static"
        aria-labelledby="account-menu"
      >
        <li>
          <button type="button" className="dropdown-item" onClick={openOwnProfile}>
            Profile
          </button>
        </li>
        {user.isAdmin && (
          <li>
            <Link className="dropdown-item" to="/admin-x" onClick={() => setOpen(false)}>
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
