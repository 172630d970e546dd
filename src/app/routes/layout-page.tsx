import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { CreateChallengeEntry } from '@/features/challenges/components/create-challenge-entry';
import { HomeBanner } from '@/features/site/components/home-banner';
import { useAfterMainContent } from '@/hooks/use-main-content';
import { useNearViewport } from '@/hooks/use-near-viewport';
import { useSession } from '@/lib/session';
import { lazyComponent } from '../lazy-component';
import { matchAppRoute } from '../route-table';
import type { HomeTopSlot } from './home-top-slot';
import { loadOnce } from '../load-once';

// Sidebar widgets load as their own chunks, so they never hold up the feed (the first page stays light).
const CreateChallengeBanner = lazyComponent(
  loadOnce(
    async () =>
      (await import('@/features/challenges/components/create-challenge-banner'))
        .CreateChallengeBanner,
  ),
);
const ProfileCard = lazyComponent(
  loadOnce(async () => (await import('@/features/profile/components/profile-card')).ProfileCard),
);
const TopChallengers = lazyComponent(
  loadOnce(
    async () => (await import('@/features/leaderboard/components/top-challengers')).TopChallengers,
  ),
);
const SubscribeBox = lazyComponent(
  loadOnce(async () => (await import('@/features/site/components/subscribe-box')).SubscribeBox),
);
const SocialLinksWidget = lazyComponent(
  loadOnce(
    async () => (await import('@/features/site/components/social-links-widget')).SocialLinksWidget,
  ),
);
const RecentPosts = lazyComponent(
  loadOnce(async () => (await import('@/features/site/components/recent-posts')).RecentPosts),
);

/** Bootstrap's lg breakpoint, from which the sidebar stands beside the page (col-lg-4). */
const SIDEBAR_BESIDE = '(min-width: 992px)';

/**
 * Height of the phone's create-challenge entry, held while its code loads so the page below never jumps: its
 * 44 px button (src/styles/app.css, tap targets) within py-2 and a border.
 */
const ENTRY_HEIGHT = 62;

/** Whether the media query matches, as the window changes; taken to match without matchMedia (a test's DOM). */
function useMatchesMedia(query: string): boolean {
  // `typeof window`: the build prerenders this page in Node (src/app/prerender-page.tsx).
  const [matches, setMatches] = useState(() =>
    typeof window !== 'undefined' && typeof window.matchMedia === 'function'
      ? window.matchMedia(query).matches
      : true,
  );
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

function SidebarSlot({ children }: { children: ReactNode }) {
  return (
    <div className="mb-4">
      <Suspense
        fallback={
          <div className="placeholder-glow" aria-hidden="true">
            <span className="placeholder col-12 rounded" style={{ height: 120 }} />
          </div>
        }
      >
        {children}
      </Suspense>
    </div>
  );
}

/**
 * The product's layout page: the nested page beside the sidebar, below the home's top (the banner, the phone's
 * create-challenge entry) where the route has one; on a member's home the page places that top after Today. Below lg, where the sidebar would stack under
 * the page, only the feed keeps it: under every other page it repeated the same widgets (docs/product.md,
 * "Shell and navigation").
 */
export function LayoutPage() {
  // What the page beside the sidebar is decides the layout's parts (route-table.ts).
  const { route, params } = matchAppRoute(useLocation().pathname);
  const sidebarBelow = route.screen === 'feed';
  const { user } = useSession();
  const homeTop = (
    <>
      {route.homeBanner && <HomeBanner />}
      {route.offersCreation && (
        // Phones only: on wide screens the sidebar's banner stands beside the page. Part of this chunk, not
        // a lazy one: fetched after the first render, it was a request on the way to the first card.
        <div className="d-lg-none mb-3" style={{ minHeight: ENTRY_HEIGHT }}>
          <CreateChallengeEntry />
        </div>
      )}
    </>
  );
  // A member's home leads with their Today: the page places the banner and the entry after it.
  const homeTopInPage = Boolean(route.homeBanner && user);
  return (
    <div className="container py-4">
      <div className="row g-4">
        {/* At least a screen tall where the sidebar stacks below, so it never jumps down as the page fills in
            (CLS); elsewhere that height was only a screen-high gap under a short page. */}
        <div className={`col-lg-8${sidebarBelow ? ' min-vh-100' : ''}`}>
          {!homeTopInPage && homeTop}
          <Suspense
            fallback={
              <p className="text-body-secondary" role="status">
                Loading…
              </p>
            }
          >
            <Outlet context={homeTopInPage ? ({ homeTop } satisfies HomeTopSlot) : undefined} />
          </Suspense>
        </div>
        <Sidebar
          stacked={sidebarBelow}
          ownProfileUid={route.screen === 'profile' ? params.uid : undefined}
        />
      </div>
    </div>
  );
}

/**
 * On phones the sidebar is below the fold: its widgets (chunks, queries, avatars) wait until it is needed, and
 * everywhere until the page's main content is on screen (src/lib/main-content.ts): the top challengers' board
 * names the device's time zone, the first load's ICU set-up (a long task of 110-130 ms at 4x CPU;
 * docs/performance.md, "How the main thread is spent"). Its own component, so that revealing it re-renders the
 * sidebar alone, never the page beside it. `stacked`: shown below the page on narrow screens (else from lg up
 * only). The profile card is left out beside the member's own profile, which shows the same.
 */
function Sidebar({ stacked, ownProfileUid }: { stacked: boolean; ownProfileUid?: string }) {
  const { user } = useSession();
  const [sidebarRef, sidebarNear] = useNearViewport<HTMLElement>();
  const afterMainContent = useAfterMainContent();
  // Hidden (display: none) below lg off the feed: its widgets' chunks and reads are not worth starting there.
  const shown = useMatchesMedia(SIDEBAR_BESIDE) || stacked;
  return (
    <aside
      ref={sidebarRef}
      className={`col-lg-4${stacked ? '' : ' d-none d-lg-block'}`}
      aria-label="Sidebar"
    >
      {shown && sidebarNear && afterMainContent && (
        <>
          <Suspense fallback={null}>
            <CreateChallengeBanner />
          </Suspense>
          {user && user.uid !== ownProfileUid && (
            <SidebarSlot>
              <ProfileCard member={user} />
            </SidebarSlot>
          )}
          <SidebarSlot>
            <TopChallengers signedIn={Boolean(user)} />
          </SidebarSlot>
          <SidebarSlot>
            <SubscribeBox />
          </SidebarSlot>
          <SidebarSlot>
            <SocialLinksWidget />
          </SidebarSlot>
          <SidebarSlot>
            <RecentPosts />
          </SidebarSlot>
        </>
      )}
    </aside>
  );
}
