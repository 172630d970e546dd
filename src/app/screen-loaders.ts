/**
 * The main screens' chunks, each fetched once, and their first data. The router renders the screens
 * (router.tsx); src/main.tsx starts fetching the ones an address shows before React and the router are
 * loaded, so they download beside the shell's chunks instead of after them, and starts the address's first
 * read: the feed's first page at once (public: no session needed), the challenge's or the profile's as soon as
 * the session is restored, without waiting for React and the router (docs/performance.md, "Issue 15: what
 * Lighthouse's simulated LCP waits for"). No React, router or Firebase SDK here: this module is part of the
 * entry.
 */
import { prefetchChallenge } from '@/features/challenges/api/prefetch-challenge';
import { prefetchFirstFeedPage } from '@/features/feed/api/prefetch-feed';
import { prefetchProfile } from '@/features/profile/api/prefetch-profile';
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

/** An address's path segments, decoded as the router decodes its params (undefined where one is malformed). */
function pathSegments(location: Location): Array<string | undefined> {
  return location.pathname.split('/').map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return undefined;
    }
  });
}

/**
 * By an address's first segment (router.tsx's routes): only a head start, the router still decides what
 * renders. router.test.tsx checks that the router shows these screens there, with these params.
 */
export const preloadsBySection: Readonly<Record<string, AddressPreload>> = {
  '': feedScreens,
  feed: feedScreens,
  'dash-board': feedScreens,
  // profile/:profileName/:uid?
  profile: {
    screens: [loadLayoutPage, loadProfilePage],
    data: (location) => prefetchProfile(pathSegments(location)[3]),
  },
  // challange/:postName/:ownerId?/:challengeId?
  challange: {
    screens: [loadChallengePage],
    data: (location) => {
      const segments = pathSegments(location);
      prefetchChallenge(segments[3], segments[4]);
    },
  },
};

/** Starts fetching what `location` shows first; a failure surfaces where the page uses it. */
export function preloadAddress(location: Location): void {
  const preload = preloadsBySection[location.pathname.split('/')[1] ?? ''];
  if (!preload) return;
  for (const load of preload.screens) load().catch(() => {});
  preload.data?.(location);
}
