import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { profilePath } from '@/lib/app-addresses';
import { storageKeys, writeStored } from '@/lib/device-storage';
import { MY_CHALLENGES_HASH, myChallengesPath } from './my-challenges-address';
import { BoardIcon, ChallengesIcon, HomeIcon, ProfileIcon } from './icons';

/** The feed's addresses: any of them is Home. */
const HOME_PATHS = new Set(['/', '/feed', '/dash-board']);

/** Where the nav shows: below Bootstrap's md, as its `d-md-none` says. */
const NAV_SHOWN = '(max-width: 767.98px)';

/** What the nav covers of the screen's bottom: its bar and the device's safe area (src/styles/tokens.css). */
export const COVERED_HEIGHT = 'calc(var(--cx-bottom-nav-bar) + env(safe-area-inset-bottom, 0px))';

/**
 * While the nav is shown, the document's --cx-bottom-nav-height is what it covers, so whatever else is fixed to
 * the bottom (the challenge page's Now button) stands above it; unset (0) where the nav is hidden or gone. A DOM
 * without matchMedia (a test's) counts as a phone.
 */
function useCoveredHeightOnDocument() {
  useEffect(() => {
    const root = document.documentElement.style;
    const query = typeof window.matchMedia === 'function' ? window.matchMedia(NAV_SHOWN) : null;
    const update = () => {
      if (!query || query.matches) root.setProperty('--cx-bottom-nav-height', COVERED_HEIGHT);
      else root.removeProperty('--cx-bottom-nav-height');
    };
    update();
    query?.addEventListener('change', update);
    return () => {
      query?.removeEventListener('change', update);
      root.removeProperty('--cx-bottom-nav-height');
    };
  }, []);
}

type Tab = 'home' | 'challenges' | 'board' | 'profile';

/** Which tab the address is; a profile is the member's own when its last part is their uid (the name may differ). */
function currentTab(pathname: string, hash: string, uid: string): Tab | null {
  const path = (pathname.replace(/\/+$/, '') || '/').toLowerCase();
  if (HOME_PATHS.has(path)) return 'home';
  if (path === '/leader-board') return 'board';
  const ownProfile =
    path.startsWith('/profile/') &&
    pathname.replace(/\/+$/, '').endsWith(`/${encodeURIComponent(uid)}`);
  if (!ownProfile) return null;
  return hash === MY_CHALLENGES_HASH ? 'challenges' : 'profile';
}

function Tab({
  to,
  label,
  icon,
  current,
  onClick,
}: {
  to: string;
  label: string;
  icon: ReactNode;
  current: boolean;
  onClick?: () => void;
}) {
  return (
    <li>
      <Link to={to} aria-current={current ? 'page' : undefined} onClick={onClick}>
        {icon}
        <span>{label}</span>
      </Link>
    </li>
  );
}

/**
 * The signed-in member's navigation on phones (below 768 px, where the nav bar folds away): Home (the feed,
 * with Today), My challenges, Board (the leader-board) and Profile, fixed at the bottom within the thumb's
 * reach (docs/product.md, "Shell and navigation"). The shell pads the page by its height.
 */
export function BottomNav({ uid, displayName }: { uid: string; displayName: string }) {
  useCoveredHeightOnDocument();
  const { pathname, hash } = useLocation();
  const profile = profilePath(displayName, uid);
  const tab = currentTab(pathname, hash, uid);
  const rememberProfile = () => writeStored(storageKeys.loadProfile, uid);
  return (
    <nav className="bottom-nav d-md-none" aria-label="Main">
      <ul>
        <Tab to="/feed" label="Home" icon={<HomeIcon />} current={tab === 'home'} />
        <Tab
          to={myChallengesPath(displayName, uid)}
          label="My challenges"
          icon={<ChallengesIcon />}
          current={tab === 'challenges'}
          onClick={rememberProfile}
        />
        <Tab to="/leader-board" label="Board" icon={<BoardIcon />} current={tab === 'board'} />
        <Tab
          to={profile}
          label="Profile"
          icon={<ProfileIcon />}
          current={tab === 'profile'}
          onClick={rememberProfile}
        />
      </ul>
    </nav>
  );
}
