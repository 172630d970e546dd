import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { matchRoutes } from 'react-router-dom';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { prefetchChallenge } from '@/features/challenges/api/prefetch-challenge';
import { prefetchFirstFeedPage } from '@/features/feed/api/prefetch-feed';
import { prefetchProfile } from '@/features/profile/api/prefetch-profile';
import { prefetchBanner } from '@/features/site/api/prefetch-banner';
import { matchAppRoute, type Screen } from './route-table';
import { routes, screenComponents } from './router';
import { RedirectIfSignedIn, RequireLogin } from './routes/require-login';
import { preloadAddress, screenLoaders } from './screen-loaders';

vi.mock('@/features/feed/api/prefetch-feed', () => ({ prefetchFirstFeedPage: vi.fn() }));
vi.mock('@/features/site/api/prefetch-banner', () => ({ prefetchBanner: vi.fn() }));
vi.mock('@/features/profile/api/prefetch-profile', () => ({ prefetchProfile: vi.fn() }));
vi.mock('@/features/challenges/api/prefetch-challenge', () => ({ prefetchChallenge: vi.fn() }));

type Guard = 'members' | 'visitors' | 'everyone';
type FirstRead = ['feed', string] | ['profile', string?] | ['challenge', string?, string?];

interface Expected {
  /** The screens the page is made of, outermost first (the layout page, then what sits in it). */
  screens: Screen[];
  guard: Guard;
  params: Record<string, string | undefined>;
  read?: FirstRead;
  banner?: boolean;
}

/**
 * Written out here, not read from route-table.ts: what each address shows, who may see it, the parameters its
 * screen gets, and the first read the entry starts for it. A route changed in the table changes every consumer
 * at once; a consumer that reads the table differently (the router, the entry) fails here.
 */
const expectedAt: Record<string, Expected> = {
  '/': {
    screens: ['layout', 'feed'],
    guard: 'everyone',
    params: {},
    read: ['feed', ''],
    banner: true,
  },
  '/feed?page=3': {
    screens: ['layout', 'feed'],
    guard: 'members',
    params: {},
    read: ['feed', '?page=3'],
    banner: true,
  },
  '/dash-board': {
    screens: ['layout', 'feed'],
    guard: 'members',
    params: {},
    read: ['feed', ''],
    banner: true,
  },
  '/profile/Asha%20Rao/uid123': {
    screens: ['layout', 'profile'],
    guard: 'members',
    params: { profileName: 'Asha Rao', uid: 'uid123' },
    read: ['profile', 'uid123'],
  },
  // SPEC's own address, without the uid: the profile screen finds the member by name.
  '/profile/Asha%20Rao': {
    screens: ['layout', 'profile'],
    guard: 'members',
    params: { profileName: 'Asha Rao', uid: undefined },
    read: ['profile', undefined],
  },
  '/challange/lean-week/uid123/challenge456': {
    screens: ['challenge'],
    guard: 'members',
    params: { postName: 'lean-week', ownerId: 'uid123', challengeId: 'challenge456' },
    read: ['challenge', 'uid123', 'challenge456'],
  },
  // Matched as React Router matches: any letter case, a trailing slash.
  '/Challange/lean-week/uid123/challenge456/': {
    screens: ['challenge'],
    guard: 'members',
    params: { postName: 'lean-week', ownerId: 'uid123', challengeId: 'challenge456' },
    read: ['challenge', 'uid123', 'challenge456'],
  },
  '/challange/lean-week': {
    screens: ['challenge'],
    guard: 'members',
    params: { postName: 'lean-week', ownerId: undefined, challengeId: undefined },
    read: ['challenge', undefined, undefined],
  },
  // A malformed escape: React Router leaves the whole path undecoded.
  '/challange/lean%E0%A4/uid%20x/c1': {
    screens: ['challenge'],
    guard: 'members',
    params: { postName: 'lean%E0%A4', ownerId: 'uid%20x', challengeId: 'c1' },
    read: ['challenge', 'uid%20x', 'c1'],
  },
  // An encoded slash stays inside its segment.
  '/challange/a%2Fb/uid123/c1': {
    screens: ['challenge'],
    guard: 'members',
    params: { postName: 'a/b', ownerId: 'uid123', challengeId: 'c1' },
    read: ['challenge', 'uid123', 'c1'],
  },
  // An invite opens for visitors too: the join screen shows them its card and the way to an account.
  '/join/c1/TTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTT': {
    screens: ['join'],
    guard: 'everyone',
    params: { challengeId: 'c1', token: 'TTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTT' },
  },
  '/join/c1': {
    screens: ['join'],
    guard: 'everyone',
    params: { challengeId: 'c1', token: undefined },
  },
  '/login': { screens: ['login'], guard: 'visitors', params: {} },
  '/register': { screens: ['register'], guard: 'visitors', params: {} },
  '/forget-password': { screens: ['forget-password'], guard: 'everyone', params: {} },
  '/save-password?oobCode=abc': { screens: ['save-password'], guard: 'everyone', params: {} },
  '/about': { screens: ['about'], guard: 'everyone', params: {} },
  '/contact': { screens: ['contact'], guard: 'everyone', params: {} },
  '/leader-board': { screens: ['leader-board'], guard: 'everyone', params: {} },
  '/admin-x': { screens: ['admin'], guard: 'members', params: {} },
  '/profile/Asha/uid123/extra': { screens: ['layout', 'not-found'], guard: 'everyone', params: {} },
  '/nowhere': { screens: ['layout', 'not-found'], guard: 'everyone', params: {} },
};

const screenOf = new Map<unknown, Screen>(
  Object.entries(screenComponents).map(([screen, component]) => [component, screen as Screen]),
);

/** The screen an element renders and the guard around it. */
function describeElement(element: ReactNode): { screen?: Screen; guard: Guard } {
  if (!isValidElement(element)) return { guard: 'everyone' };
  const { type, props } = element as ReactElement<{ children?: ReactNode }>;
  const guard = type === RequireLogin ? 'members' : type === RedirectIfSignedIn ? 'visitors' : null;
  if (guard) return { screen: describeElement(props.children).screen, guard };
  return { screen: screenOf.get(type), guard: 'everyone' };
}

const at = (address: string) => new URL(address, 'http://localhost');

describe('the router shows', () => {
  test.each(Object.entries(expectedAt))('at %s', (address, expected) => {
    const { pathname } = at(address);
    const matches = matchRoutes(routes, pathname)!;
    const rendered = matches.map(({ route }) => describeElement(route.element));
    const screens = rendered.flatMap(({ screen }) => (screen ? [screen] : []));
    expect(screens).toEqual(expected.screens);
    expect(rendered.at(-1)!.guard).toBe(expected.guard);
    // The not-found route's splat ('*') is React Router's own; the table's matcher names no splat.
    const params = Object.fromEntries(
      Object.entries(matches.at(-1)!.params).filter(([name]) => name !== '*'),
    );
    expect(params).toEqual(expected.params);
  });
});

describe('the table matches as the router does', () => {
  test.each(Object.entries(expectedAt))('at %s', (address, expected) => {
    const { route, params } = matchAppRoute(at(address).pathname);
    expect(route.screen).toBe(expected.screens.at(-1));
    expect(params).toEqual(expected.params);
  });
});

describe('the entry starts', () => {
  const started: Screen[] = [];
  beforeEach(() => {
    started.length = 0;
    vi.clearAllMocks();
    for (const screen of Object.keys(screenLoaders) as Screen[]) {
      vi.spyOn(screenLoaders, screen).mockImplementation(() => {
        started.push(screen);
        return new Promise<never>(() => {});
      });
    }
  });

  test.each(Object.entries(expectedAt))('at %s', async (address, expected) => {
    const { pathname, search } = at(address);
    await preloadAddress({ pathname, search });
    expect(started).toEqual(expected.screens);

    const [read, ...args] = expected.read ?? [];
    if (read === 'feed') expect(prefetchFirstFeedPage).toHaveBeenCalledExactlyOnceWith(...args);
    else expect(prefetchFirstFeedPage).not.toHaveBeenCalled();
    if (read === 'profile') expect(prefetchProfile).toHaveBeenCalledExactlyOnceWith(...args);
    else expect(prefetchProfile).not.toHaveBeenCalled();
    if (read === 'challenge') expect(prefetchChallenge).toHaveBeenCalledExactlyOnceWith(...args);
    else expect(prefetchChallenge).not.toHaveBeenCalled();
    expect(vi.mocked(prefetchBanner).mock.calls.length).toBe(expected.banner ? 1 : 0);
  });

  test('starts the first read at once and each screen in a task of its own, not in one long task', async () => {
    const preloading = preloadAddress({ pathname: '/profile/Asha%20Rao/uid123', search: '' });
    expect(prefetchProfile).toHaveBeenCalledExactlyOnceWith('uid123');
    expect(started).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve));
    expect(started).toEqual(['layout']);
    await preloading;
    expect(started).toEqual(['layout', 'profile']);
  });
});
