/**
 * Every screen's code, each fetched once, and the one preloader: src/main.tsx calls `preloadAddress` before React
 * and the router are loaded, so an address's screens download beside the shell's chunks instead of after them,
 * and its first read starts at once: the feed's first page (public: no session needed), the challenge's or the
 * profile's as soon as the session is restored (docs/performance.md). Which screens and which read follow from
 * the route table (route-table.ts); the router renders the same loaders (router.tsx). No React, router or
 * Firebase SDK here: this module is part of the entry.
 */
import { prefetchChallenge } from '@/features/challenges/api/prefetch-challenge';
import { prefetchToday } from '@/features/challenges/api/today-read';
import { prefetchFirstFeedPage } from '@/features/feed/api/prefetch-feed';
import { prefetchProfile } from '@/features/profile/api/prefetch-profile';
import { prefetchBanner } from '@/features/site/api/prefetch-banner';
import { nextTask } from '@/lib/main-content';
import { loadOnce, type ComponentLoader } from './load-once';
import { matchAppRoute, type RouteParams, type Screen } from './route-table';

export const screenLoaders: Readonly<Record<Screen, ComponentLoader>> = {
  layout: loadOnce(async () => (await import('./routes/layout-page')).LayoutPage),
  feed: loadOnce(async () => (await import('./routes/feed-screen')).FeedScreen),
  profile: loadOnce(async () => (await import('./routes/profile-page')).ProfileScreen),
  challenge: loadOnce(async () => (await import('./routes/challenge-page')).ChallengeScreen),
  join: loadOnce(async () => (await import('./routes/join-screen')).JoinScreen),
  register: loadOnce(
    async () => (await import('@/features/auth/components/register-page')).RegisterPage,
  ),
  login: loadOnce(async () => (await import('@/features/auth/components/login-page')).LoginPage),
  'forget-password': loadOnce(
    async () =>
      (await import('@/features/auth/components/forget-password-page')).ForgetPasswordPage,
  ),
  'save-password': loadOnce(
    async () => (await import('@/features/auth/components/save-password-page')).SavePasswordPage,
  ),
  about: loadOnce(async () => (await import('./routes/about-screen')).AboutScreen),
  contact: loadOnce(
    async () => (await import('@/features/site/components/contact-page')).ContactPage,
  ),
  'leader-board': loadOnce(
    async () =>
      (await import('@/features/leaderboard/components/leaderboard-page')).LeaderboardPage,
  ),
  admin: loadOnce(async () => (await import('@/features/admin/components/admin-page')).AdminPage),
  'not-found': loadOnce(async () => (await import('./routes/not-found-panel')).NotFoundPanel),
};

/**
 * The first read of a screen, for the parameters its address gives it: each starts the read descriptors its
 * screen's hook watches (built by the same function), so the hook takes the answer (services/database-reads.ts).
 */
const firstReads: Partial<Record<Screen, (params: RouteParams, search: string) => void>> = {
  // The feed page and, beside it, a member's Today (their running challenges): two reads at once, no waterfall.
  feed: (_params, search) => {
    prefetchFirstFeedPage(search);
    prefetchToday();
  },
  profile: ({ uid }) => prefetchProfile(uid),
  challenge: ({ ownerId, challengeId }) => prefetchChallenge(ownerId, challengeId),
};

/**
 * Starts fetching what `location` shows first: its first read, then its screen (inside the layout page where it
 * sits there), each step a task of its own: Vite's preload helper adds a modulepreload link for every chunk a
 * screen needs, and the layout's links, the screen's and the read were one long task (~25 ms unthrottled on the
 * profile, Total Blocking Time on a phone). Only a head start: the router still decides what renders (with the
 * same loaders), and a failure surfaces where the page uses it. Resolves once every step has started.
 */
export async function preloadAddress(
  location: Pick<Location, 'pathname' | 'search'>,
): Promise<void> {
  const { route, params } = matchAppRoute(location.pathname);
  const screens: Screen[] = route.inLayout ? ['layout', route.screen] : [route.screen];
  const steps = [
    () => firstReads[route.screen]?.(params, location.search),
    ...screens.map((screen) => () => void screenLoaders[screen]().catch(() => {})),
    ...(route.homeBanner ? [prefetchBanner] : []),
  ];
  for (const [index, step] of steps.entries()) {
    if (index > 0) await nextTask();
    step();
  }
}
