import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { BottomNav } from '@/components/bottom-nav';
import { LoadingOverlay } from '@/components/loading-overlay';
import { useSession } from '@/lib/session';
import { NavBar } from './nav-bar';
import { OfflineNotice } from './offline-notice';
import { RouteMainContent } from './route-main-content';
import { ScrollRestoration } from './scroll-restoration';
import { SiteFooter } from './site-footer';
import { UpdatePrompt } from './update-prompt';

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
      <SiteFooter />
      {user && <BottomNav uid={user.uid} displayName={user.displayName ?? user.uid} />}
      <OfflineNotice />
      <UpdatePrompt />
      <LoadingOverlay visible={user === undefined} />
      <ScrollRestoration />
    </div>
  );
}
