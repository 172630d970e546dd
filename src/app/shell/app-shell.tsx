import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { LoadingOverlay } from '@/components/loading-overlay';
import { useSession } from '@/lib/session';
import { lazyComponent } from '../lazy-component';
import { loadOnce } from '../load-once';
import { NavBar } from './nav-bar';
import { OfflineNotice } from './offline-notice';
import { RouteMainContent } from './route-main-content';
import { ScrollRestoration } from './scroll-restoration';
import { UpdatePrompt } from './update-prompt';

// Chunks of their own (~1.2 KB gzip each with their icons), not part of the first page's script
// (docs/performance.md); they arrive beside the page. Neither moves anything when it appears: the footer is below
// the fold (the main element is a screen tall), the bottom navigation fixed to the bottom edge, with the page
// padded for it from the start.
const SiteFooter = lazyComponent(loadOnce(async () => (await import('./site-footer')).SiteFooter));
const BottomNav = lazyComponent(
  loadOnce(async () => (await import('@/components/bottom-nav')).BottomNav),
);

/**
 * The product's shell: spinner overlay, nav bar, the routed page, footer, offline and update notices, and for a
 * signed-in member on a phone the bottom navigation (the page is padded by its height, so it covers nothing).
 */
export function AppShell() {
  const { user } = useSession();
  return (
    <div className={`d-flex flex-column min-vh-100${user ? ' has-bottom-nav' : ''}`}>
      <a href="#main" className="visually-hidden-focusable skip-link">
        Skip to content
      </a>
      <NavBar />
      {/* At least a screen tall, so the footer starts below the fold and never jumps down as a page loads (CLS). */}
      <main id="main" className="flex-grow-1 min-vh-100" tabIndex={-1}>
        <Suspense fallback={<LoadingOverlay visible />}>
          <Outlet />
          <RouteMainContent />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <SiteFooter />
        {user && <BottomNav uid={user.uid} displayName={user.displayName ?? user.uid} />}
      </Suspense>
      <OfflineNotice />
      <UpdatePrompt />
      <LoadingOverlay visible={user === undefined} />
      <ScrollRestoration />
    </div>
  );
}
