/**
 * The main screens' chunks, each fetched once, and the feed's first data. The router renders the screens
 * (router.tsx); src/main.tsx starts fetching the ones an address shows before React and the router are
 * loaded, so they download beside the shell's chunks instead of after them, and on the feed's addresses it
 * starts the first page's read (public: no session needed) at once (docs/performance.md, "Issue 15: what
 * Lighthouse's simulated LCP waits for"). No React, router or Firebase SDK here: this module is part of the
 * entry. The challenge's and the profile's first reads wait for the session: the router's handles start them.
 */
import { prefetchFirstFeedPage } from '@/features/feed/api/prefetch-feed';
import { prefetchBanner } from '@/features/site/api/prefetch-banner';

const once = <T>(load: () => Promise<T>) => {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
};

export const loadLayoutPage = once(() => import('./routes/layout-page'));
export const loadFeedScreen = once(() => import('./routes/feed-screen'));
export const loadProfilePage = once(() => import('@/features/profile/components/profile-page'));
export const loadChallengePage = once(
  () => import('@/features/challenges/components/challenge-page'),
);

interface AddressPreload {
  screens: ReadonlyArray<() => Promise<unknown>>;
  data?: (location: Location) => void;
}

const feedScreens: AddressPreload = {
  screens: [loadLayoutPage, loadFeedScreen],
  data: (location) => {
    prefetchFirstFeedPage(location.search);
    prefetchBanner(); // The feed's addresses show the home banner above it.
  },
};

/**
 * By an address's first segment (router.tsx's routes): only a head start, the router still decides what
 * renders. router.test.tsx checks that the router shows these screens there.
 */
export const preloadsBySection: Readonly<Record<string, AddressPreload>> = {
  '': feedScreens,
  feed: feedScreens,
  'dash-board': feedScreens,
  profile: { screens: [loadLayoutPage, loadProfilePage] },
  challange: { screens: [loadChallengePage] },
};

/** Starts fetching what `location` shows first; a failure surfaces where the page uses it. */
export function preloadAddress(location: Location): void {
  const preload = preloadsBySection[location.pathname.split('/')[1] ?? ''];
  if (!preload) return;
  for (const load of preload.screens) load().catch(() => {});
  preload.data?.(location);
}
