import { matchRoutes } from 'react-router-dom';
import { describe, expect, test, vi } from 'vitest';
import { prefetchChallenge } from '@/features/challenges/api/prefetch-challenge';
import { prefetchProfile } from '@/features/profile/api/prefetch-profile';

const started = vi.hoisted(() => [] as string[]);

// Each screen's loader records its name instead of importing the chunk; the data prefetches do nothing.
vi.mock('./screen-loaders', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./screen-loaders')>();
  const recording = (name: string) => () => {
    started.push(name);
    return new Promise<never>(() => {});
  };
  return {
    ...actual,
    loadLayoutPage: recording('layout'),
    loadFeedScreen: recording('feed'),
    loadProfilePage: recording('profile'),
    loadChallengePage: recording('challenge'),
  };
});
vi.mock('@/features/feed/api/prefetch-feed', () => ({ prefetchFirstFeedPage: vi.fn() }));
vi.mock('@/features/site/api/prefetch-banner', () => ({ prefetchBanner: vi.fn() }));
vi.mock('@/features/profile/api/prefetch-profile', () => ({ prefetchProfile: vi.fn() }));
vi.mock('@/features/challenges/api/prefetch-challenge', () => ({ prefetchChallenge: vi.fn() }));

const original = await vi.importActual<typeof import('./screen-loaders')>('./screen-loaders');
const nameOf = new Map<unknown, string>([
  [original.loadLayoutPage, 'layout'],
  [original.loadFeedScreen, 'feed'],
  [original.loadProfilePage, 'profile'],
  [original.loadChallengePage, 'challenge'],
]);

/**
 * What each section's address must start, written out here (not read from screen-loaders.ts): the layout and
 * the screen the router renders there. A screen dropped from the entry's table, or a route moved in the router,
 * changes one side only and fails below.
 */
const expectedAt: Record<string, { address: string; screens: string[] }> = {
  '': { address: '/', screens: ['feed', 'layout'] },
  feed: { address: '/feed', screens: ['feed', 'layout'] },
  'dash-board': { address: '/dash-board', screens: ['feed', 'layout'] },
  profile: { address: '/profile/Asha-Rao/uid123', screens: ['layout', 'profile'] },
  challange: { address: '/challange/lean-week/uid123/challenge456', screens: ['challenge'] },
};

describe('screen-loaders early table', () => {
  test.each(Object.entries(expectedAt))(
    'the router starts the screens it shows at the "%s" section',
    async (_section, { address, screens }) => {
      vi.resetModules(); // a fresh router: each screen's preload runs once per page load
      const { preloadScreens } = await import('./router');
      started.length = 0;
      preloadScreens(new URL(address, 'http://localhost') as unknown as Location);
      expect(started.sort()).toEqual(screens);
    },
  );

  test.each(Object.entries(expectedAt))(
    'the entry starts the same screens at the "%s" section',
    (section, { screens }) => {
      const table = original.preloadsBySection[section];
      expect(table?.screens.map((load) => nameOf.get(load)).sort()).toEqual(screens);
    },
  );

  test('has no section beyond these', () => {
    expect(Object.keys(original.preloadsBySection).sort()).toEqual(Object.keys(expectedAt).sort());
  });
});

describe('first reads the entry starts', () => {
  const at = (address: string) => new URL(address, 'http://localhost') as unknown as Location;
  const routeParams = async (address: string) => {
    const { routes } = await import('./router');
    return matchRoutes(routes, address)!.at(-1)!.params;
  };

  test("a profile's, for the uid the router gives its screen", async () => {
    const address = '/profile/Asha%20Rao/uid123';
    original.preloadAddress(at(address));
    const { uid } = await routeParams(address);
    expect(uid).toBe('uid123');
    expect(prefetchProfile).toHaveBeenLastCalledWith(uid);
  });

  test("a challenge's, for the owner and challenge the router gives its screen", async () => {
    const address = '/challange/lean-week/uid123/challenge456';
    original.preloadAddress(at(address));
    const { ownerId, challengeId } = await routeParams(address);
    expect([ownerId, challengeId]).toEqual(['uid123', 'challenge456']);
    expect(prefetchChallenge).toHaveBeenLastCalledWith(ownerId, challengeId);
  });

  test('an old address without ids passes none (nothing is read)', () => {
    original.preloadAddress(at('/challange/lean-week'));
    expect(prefetchChallenge).toHaveBeenLastCalledWith(undefined, undefined);
    original.preloadAddress(at('/profile/Asha%20Rao'));
    expect(prefetchProfile).toHaveBeenLastCalledWith(undefined);
  });
});
