import { lazy, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { RedirectIfSignedIn, RequireLogin } from './routes/require-login';
import { AppShell } from './shell/app-shell';
import {
  loadChallengePage,
  loadFeedScreen,
  loadLayoutPage,
  loadProfilePage,
} from './screen-loaders';

type ScreenModule = { default: ComponentType };

/** Route-level code splitting: each screen is fetched when first visited, or earlier by `preload`. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  let loaded: ScreenModule | undefined;
  let loading: Promise<ScreenModule> | undefined;
  const preload = () => (loading ??= load().then((module) => (loaded = { default: module[name] })));
  // A screen already fetched is handed to React synchronously: a lazy component that suspends even
  // briefly shows its fallback, and React then holds the screen back for ~300 ms (its reveal throttle).
  const resolvedAtOnce = () =>
    loaded
      ? ({
          then: (resolve: (module: ScreenModule) => void) => resolve(loaded!),
        } as Promise<ScreenModule>)
      : preload();
  return Object.assign(lazy(resolvedAtOnce), { preload });
}

/**
 * A route's `handle`: the screen chunk it renders, to fetch ahead of the guards. The main screens' first data
 * is started earlier, by the entry (screen-loaders.ts).
 */
const shows = (screen: { preload: () => Promise<unknown> }) => ({
  handle: { preload: () => void screen.preload() },
});

const LayoutPage = page(loadLayoutPage, 'LayoutPage');
const NotFoundPanel = page(() => import('./routes/not-found-panel'), 'NotFoundPanel');
const RegisterPage = page(() => import('@/features/auth/components/register-page'), 'RegisterPage');
const LoginPage = page(() => import('@/features/auth/components/login-page'), 'LoginPage');
const ForgetPasswordPage = page(
  () => import('@/features/auth/components/forget-password-page'),
  'ForgetPasswordPage',
);
const SavePasswordPage = page(
  () => import('@/features/auth/components/save-password-page'),
  'SavePasswordPage',
);
const FeedScreen = page(loadFeedScreen, 'FeedScreen');
const ProfilePage = page(loadProfilePage, 'ProfilePage');
const ChallengePage = page(loadChallengePage, 'ChallengePage');
const LeaderboardPage = page(
  () => import('@/features/leaderboard/components/leaderboard-page'),
  'LeaderboardPage',
);
const AboutScreen = page(() => import('./routes/about-screen'), 'AboutScreen');
const ContactPage = page(() => import('@/features/site/components/contact-page'), 'ContactPage');
const AdminPage = page(() => import('@/features/admin/components/admin-page'), 'AdminPage');

const guarded = (element: ReactNode) => <RequireLogin>{element}</RequireLogin>;

/** The routes of docs/product.md#routes-and-screens; the login guard really blocks. */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      {
        path: 'register',
        ...shows(RegisterPage),
        element: (
          <RedirectIfSignedIn>
            <RegisterPage />
          </RedirectIfSignedIn>
        ),
      },
      {
        path: 'login',
        ...shows(LoginPage),
        element: (
          <RedirectIfSignedIn>
            <LoginPage />
          </RedirectIfSignedIn>
        ),
      },
      { path: 'forget-password', ...shows(ForgetPasswordPage), element: <ForgetPasswordPage /> },
      { path: 'save-password', ...shows(SavePasswordPage), element: <SavePasswordPage /> },
      { path: 'about', ...shows(AboutScreen), element: <AboutScreen /> },
      { path: 'contact', ...shows(ContactPage), element: <ContactPage /> },
      { path: 'leader-board', ...shows(LeaderboardPage), element: <LeaderboardPage /> },
      {
        path: 'challange/:postName/:ownerId?/:challengeId?',
        ...shows(ChallengePage),
        element: guarded(<ChallengePage />),
      },
      { path: 'admin-x', ...shows(AdminPage), element: guarded(<AdminPage />) },
      {
        path: '',
        ...shows(LayoutPage),
        element: <LayoutPage />,
        children: [
          { index: true, ...shows(FeedScreen), element: <FeedScreen /> },
          { path: 'feed', ...shows(FeedScreen), element: guarded(<FeedScreen />) },
          {
            path: 'profile/:profileName/:uid?',
            ...shows(ProfilePage),
            element: guarded(<ProfilePage />),
          },
          {
            path: 'dash-board',
            ...shows(FeedScreen),
            element: guarded(<FeedScreen />),
          },
          { path: '*', ...shows(NotFoundPanel), element: <NotFoundPanel /> },
        ],
      },
    ],
  },
];

/**
 * Starts fetching the screens `pathname` shows at once, in parallel with the
 * session restore (the login guard renders nothing until it is known).
 */
export function preloadScreens(location: Location) {
  for (const { route } of matchRoutes(routes, location.pathname) ?? []) {
    (route.handle as ReturnType<typeof shows>['handle'] | undefined)?.preload();
  }
}
