import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { CreateChallengeEntry } from '@/features/challenges/components/create-challenge-entry';
import { HomeBanner } from '@/features/site/components/home-banner';
import { useNearViewport } from '@/hooks/use-near-viewport';
import { useSession } from '@/lib/session';

/** Sidebar widgets load as their own chunks, so they never hold up the feed (the first page stays light). */
function widget<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const CreateChallengeBanner = widget(
  () => import('@/features/challenges/components/create-challenge-banner'),
  'CreateChallengeBanner',
);
const ProfileCard = widget(
  () => import('@/features/profile/components/profile-card'),
  'ProfileCard',
);
const TopChallengers = widget(
  () => import('@/features/leaderboard/components/top-challengers'),
  'TopChallengers',
);
const SubscribeBox = widget(
  () => import('@/features/site/components/subscribe-box'),
  'SubscribeBox',
);
const SocialLinksWidget = widget(
  () => import('@/features/site/components/social-links-widget'),
  'SocialLinksWidget',
);
const RecentPosts = widget(() => import('@/features/site/components/recent-posts'), 'RecentPosts');

/** Routes that show the feed, and with it the product's home banner. */
const FEED_PATHS = new Set(['/', '/feed', '/dash-board']);
/** Height of the phone's create-challenge entry, held while its code loads so the page below never jumps. */
const ENTRY_HEIGHT = 52;

const offersCreation = (pathname: string) =>
  FEED_PATHS.has(pathname) || pathname.startsWith('/profile/');

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

/** The product's layout page: the nested page beside the sidebar (stacked below it on phones). */
export function LayoutPage() {
  const { pathname } = useLocation();
  return (
    <div className="container py-4">
      <div className="row g-4">
        {/* At least a screen tall, so on phones the sidebar below never jumps down as the page fills in (CLS). */}
        <div className="col-lg-8 min-vh-100">
          {FEED_PATHS.has(pathname) && <HomeBanner />}
          {offersCreation(pathname) && (
            // Phones only: on wide screens the sidebar's banner stands beside the page. Part of this chunk, not
            // a lazy one: fetched after the first render, it was a request on the way to the first card.
            <div className="d-lg-none mb-3" style={{ minHeight: ENTRY_HEIGHT }}>
              <CreateChallengeEntry />
            </div>
          )}
          <Suspense
            fallback={
              <p className="text-body-secondary" role="status">
                Loading…
              </p>
            }
          >
            <Outlet />
          </Suspense>
        </div>
        <Sidebar />
      </div>
    </div>
  );
}

/**
 * On phones the sidebar is below the fold: its widgets (chunks, queries, avatars) wait until it is needed.
 * Its own component, so that revealing it re-renders the sidebar alone, never the page beside it.
 */
function Sidebar() {
  const { user } = useSession();
  const [sidebarRef, sidebarNear] = useNearViewport<HTMLElement>();
  return (
    <aside ref={sidebarRef} className="col-lg-4" aria-label="Sidebar">
      {sidebarNear && (
        <>
          <Suspense fallback={null}>
            <CreateChallengeBanner />
          </Suspense>
          {user && (
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
