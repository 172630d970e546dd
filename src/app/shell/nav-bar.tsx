import { Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useSession } from '@/lib/session';
import { NoticesBadge } from '@/features/notices/components/notices-badge';
import { useNotices } from '@/features/notices/hooks/use-notices';
import { lazyComponent } from '../lazy-component';
import { loadOnce } from '../load-once';
import { NEW_NOTICES_ID } from './new-notices-id';
// Small enough to be inlined as a data URL: no request competing with the first page's scripts.
import logoUrl from '@/assets/logo.svg';

// A member's menu (and its logout, return-address and toast code) is a chunk of its own: a visitor's first load
// has none of it. It is the nav bar's last item, so nothing moves when it appears.
const AccountMenu = lazyComponent(
  loadOnce(async () => (await import('./account-menu')).AccountMenu),
);

const publicLinks = [
  { to: '/', label: 'Home', end: true },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
  { to: '/leader-board', label: 'Leader-board' },
];

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `nav-link${isActive ? ' active' : ''}`;

/**
 * Bootstrap's navbar markup driven by React state (index.html paints the same markup before the app starts);
 * no react-bootstrap or popper in the shell's chunk.
 */
export function NavBar() {
  const { user } = useSession();
  // The phone menu is open on the address it was opened at: any navigation closes it, the bottom navigation's
  // included (it is outside the menu, whose own links close it on click below).
  const { pathname } = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const expanded = openAt === pathname;
  const setExpanded = (open: boolean) => setOpenAt(open ? pathname : null);
  // Members only, and only once the page's main content is on screen (use-notices.ts).
  const notices = useNotices(user ? user.uid : null);
  const newCount = notices.value?.newCount ?? 0;
  useEffect(() => {
    if (!expanded) return;
    const closeOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && setOpenAt(null);
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [expanded]);

  return (
    <nav data-bs-theme="dark" className="navbar navbar-expand-md navbar-light bg-dark sticky-top">
      <div className="container">
        <Link to={user ? '/dash-board' : '/'} className="fw-bold navbar-brand">
          <img src={logoUrl} alt="" width="28" height="28" className="me-2 align-text-top" />
          ChallangeX
        </Link>
        <button
          type="button"
          className={`navbar-toggler${expanded ? '' : ' collapsed'}`}
          aria-controls="main-nav"
          aria-expanded={expanded}
          aria-label="Toggle navigation"
          aria-describedby={user && newCount > 0 ? NEW_NOTICES_ID : undefined}
          onClick={() => setExpanded(!expanded)}
        >
          <span className="navbar-toggler-icon" />
          {/* On phones the account menu is folded away: its badge shows on the toggle too. */}
          {user && !expanded && <NoticesBadge count={newCount} className="ms-1 align-top" />}
        </button>
        {/* Choosing a link or a menu entry collapses the phone menu; an entry that opens a panel in the menu
            (Notices, marked by aria-controls) and the account menu's own toggle do not. */}
        <div
          id="main-nav"
          className={`navbar-collapse collapse${expanded ? ' show' : ''}`}
          onClick={(event) => {
            if ((event.target as Element).closest('a, .dropdown-item:not([aria-controls])'))
              setExpanded(false);
          }}
        >
          {/* On phones the bottom navigation leads (Home, Board): the folded menu starts with the member's
              own entries (or Register, Login) and ends with the site's pages. */}
          <ul className="me-auto navbar-nav order-last order-md-0">
            {publicLinks.map((link) => (
              <li className="nav-item" key={link.to}>
                <NavLink to={link.to} end={link.end} className={navLinkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <ul className="navbar-nav">
            {user === null && (
              <>
                <li className="nav-item">
                  <NavLink to="/register" className={navLinkClass}>
                    Register
                  </NavLink>
                </li>
                <li className="nav-item">
                  <NavLink to="/login" className={navLinkClass}>
                    Login
                  </NavLink>
                </li>
              </>
            )}
            {user && (
              <Suspense fallback={null}>
                <AccountMenu user={user} notices={notices} />
              </Suspense>
            )}
          </ul>
        </div>
      </div>
    </nav>
  );
}
