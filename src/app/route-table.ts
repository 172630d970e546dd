/**
 * The app's routes, in one place (docs/architecture.md, "Routes"): the router renders them (router.tsx), the
 * entry starts each address's screens and first read from them (screen-loaders.ts), the build gives the main
 * screens a chunk each (vite.config.ts) and the layout page reads its parts from them (routes/layout-page.tsx).
 * Pure data and a small matcher: this module is part of the entry, and vite.config.ts imports it.
 */

export type Screen =
  | 'layout'
  | 'feed'
  | 'profile'
  | 'challenge'
  | 'join'
  | 'register'
  | 'login'
  | 'forget-password'
  | 'save-password'
  | 'about'
  | 'contact'
  | 'leader-board'
  | 'admin'
  | 'not-found';

/**
 * The main screens' modules, one chunk each (build-plugins/chunk-by-screen.ts); the build stops if one of
 * these paths stops existing or being imported. Other screens keep the bundler's own splitting.
 */
export const screenChunks: Readonly<Partial<Record<Screen, string>>> = {
  layout: '/src/app/routes/layout-page.tsx',
  feed: '/src/app/routes/feed-screen.tsx',
  // The routes' compositions of the challenges and profile features' pages (same file names: same chunk names).
  challenge: '/src/app/routes/challenge-page.tsx',
  profile: '/src/app/routes/profile-page.tsx',
};

/** Who may open a route: members only (visitors are sent to log in), visitors only, or everyone. */
export type RouteAccess = 'everyone' | 'members' | 'visitors';

export interface AppRoute {
  /** From the root, in React Router's syntax (`:param`, `:param?`, `*`). */
  path: string;
  screen: Screen;
  access: RouteAccess;
  /** Shown inside the layout page, beside its sidebar. */
  inLayout?: boolean;
  /**
   * The route shows the product's home banner: the layout page puts it above the page for visitors, and hands
   * it to the page to place after a member's Today (routes/home-top-slot.ts).
   */
  homeBanner?: boolean;
  /** On phones, the layout page offers the create-challenge entry above it. */
  offersCreation?: boolean;
  /**
   * The screen declares its main content itself (useMainContent); on the others the screen's first render is
   * their main content (src/app/shell/route-main-content.tsx, src/lib/main-content.ts).
   */
  mainContent?: boolean;
}

const feedAt = (path: string, access: RouteAccess): AppRoute => ({
  path,
  screen: 'feed',
  access,
  inLayout: true,
  homeBanner: true,
  offersCreation: true,
  mainContent: true,
});

/** The routes of docs/product.md#routes-and-screens, in the order they are tried. */
export const appRoutes: readonly AppRoute[] = [
  { path: '/register', screen: 'register', access: 'visitors' },
  { path: '/login', screen: 'login', access: 'visitors' },
  { path: '/forget-password', screen: 'forget-password', access: 'everyone' },
  { path: '/save-password', screen: 'save-password', access: 'everyone' },
  { path: '/about', screen: 'about', access: 'everyone' },
  { path: '/contact', screen: 'contact', access: 'everyone' },
  { path: '/leader-board', screen: 'leader-board', access: 'everyone' },
  {
    path: '/challange/:postName/:ownerId?/:challengeId?',
    screen: 'challenge',
    access: 'members',
    mainContent: true,
  },
  // A group challenge's invite link (docs/product.md, "Group challenges"): open to visitors, whom the join
  // screen shows its card with the way to an account that comes back to it; it never acts for a visitor.
  { path: '/join/:challengeId/:token?', screen: 'join', access: 'everyone' },
  { path: '/admin-x', screen: 'admin', access: 'members' },
  feedAt('/', 'everyone'),
  feedAt('/feed', 'members'),
  feedAt('/dash-board', 'members'),
  {
    path: '/profile/:profileName/:uid?',
    screen: 'profile',
    access: 'members',
    inLayout: true,
    offersCreation: true,
    mainContent: true,
  },
  { path: '*', screen: 'not-found', access: 'everyone', inLayout: true },
];

export type RouteParams = Readonly<Record<string, string | undefined>>;

interface CompiledRoute {
  route: AppRoute;
  pattern: RegExp;
  names: string[];
}

/**
 * A route's pattern as React Router reads it for these paths: case-insensitive, trailing slashes allowed, an
 * optional parameter may be absent; '*' matches anything.
 */
function compile(route: AppRoute): CompiledRoute {
  if (route.path === '*') return { route, pattern: /^/, names: [] };
  const names: string[] = [];
  const source = route.path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^:([\w-]+)(\?)?$/.exec(segment);
      if (!param) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      names.push(param[1]!);
      return param[2] ? '(?:/([^/]*))?' : '/([^/]+)';
    })
    .join('');
  return { route, pattern: new RegExp(`^${source}/*$`, 'i'), names };
}

let compiled: CompiledRoute[] | undefined;

/** Decoded as React Router decodes a path before matching it: every segment, or none if one is malformed. */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/** The route `pathname` shows and its parameters, as the router gives them to its screen. */
export function matchAppRoute(pathname: string): { route: AppRoute; params: RouteParams } {
  compiled ??= appRoutes.map(compile);
  const decoded = decodePath(pathname);
  for (const { route, pattern, names } of compiled) {
    const found = pattern.exec(decoded);
    if (!found) continue;
    const params: Record<string, string | undefined> = {};
    names.forEach((name, index) => {
      const value = found[index + 1];
      params[name] = value ? value.replace(/%2F/g, '/') : undefined;
    });
    return { route, params };
  }
  // Unreachable: the table ends with '*'.
  throw new Error(`No route for ${pathname}`);
}
