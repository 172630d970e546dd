/**
 * The main screens' chunks, each fetched once. The router renders them (router.tsx); src/main.tsx starts
 * fetching the ones an address shows before React and the router are loaded, so they download beside the
 * shell's chunks instead of after them (docs/performance.md, "Issue 15: screens fetched with the shell").
 * No React or router import here: this module is part of the entry.
 */
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

const feed = [loadLayoutPage, loadFeedScreen];

/**
 * By an address's first segment (router.tsx's routes): only a head start, the router still decides what
 * renders. router.test.tsx checks that the router shows these screens there.
 */
export const screensBySection: Readonly<Record<string, ReadonlyArray<() => Promise<unknown>>>> = {
  '': feed,
  feed,
  'dash-board': feed,
  profile: [loadLayoutPage, loadProfilePage],
  challange: [loadChallengePage],
};

/** Starts fetching the screens `pathname` shows; a failure surfaces when the router renders the screen. */
export function preloadScreensOf(pathname: string): void {
  for (const load of screensBySection[pathname.split('/')[1] ?? ''] ?? []) load().catch(() => {});
}
