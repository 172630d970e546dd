import { Suspense, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { CreateChallengeEntry } from '@/features/challenges/components/create-challenge-entry';
import { HomeBanner } from '@/features/site/components/home-banner';
import { Deferred } from '@/components/deferred';
import { ErrorBoundary } from '@/components/error-boundary';
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

/**
 * Height of the phone's create-challenge entry, held while its code loads so the page below never jumps: its
 * 44 px button (src/styles/app.css, tap targets) within py-2 and a border.
 */
const ENTRY_HEIGHT = 62;

/** What the sidebar's placeholder holds until its widgets render (beside the page or below it: nothing under it). */
const SIDEBAR_HEIGHT = 600;

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
 * The sidebar's widgets, rendered together (their chunks fetched, their reads started) once the sidebar nears the
 * screen (src/components/deferred.tsx): on phones, where it stands below the feed, only when the member scrolls
 * there; where it is hidden (display: none, below lg off the feed) never. `stacked`: shown below the page on
 * narrow screens (else from lg up only). The profile card is left out beside the member's own profile, which
 * shows the same.
 */
function Sidebar({ stacked, ownProfileUid }: { stacked: boolean; ownProfileUid?: string }) {
  const { user } = useSession();
  return (
    <aside className={`col-lg-4${stacked ? '' : ' d-none d-lg-block'}`} aria-label="Sidebar">
      <Deferred height={SIDEBAR_HEIGHT}>
        <CreateChallengeBanner />
        {user && user.uid !== ownProfileUid && (
          <SidebarWidget>
            <ProfileCard member={user} />
          </SidebarWidget>
        )}
        <SidebarWidget>
          <TopChallengers signedIn={Boolean(user)} />
        </SidebarWidget>
        <SidebarWidget>
          <SubscribeBox />
        </SidebarWidget>
        <SidebarWidget>
          <SocialLinksWidget />
        </SidebarWidget>
        <SidebarWidget>
          <RecentPosts />
        </SidebarWidget>
      </Deferred>
    </aside>
  );
}

/**
 * One widget of the sidebar. A widget that cannot render (Recent Post on a malformed feed row, docs/security.md
 * "Moderation races") costs itself only: the sidebar renders with the page, so it would take the feed down too.
 */
function SidebarWidget({ children }: { children: ReactNode }) {
  return (
    <div className="mb-4">
      <ErrorBoundary fallback={null}>{children}</ErrorBoundary>
    </div>
  );
}
