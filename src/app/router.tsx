import { lazy, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { RedirectIfSignedIn, RequireLogin } from './routes/require-login';
import { AppShell } from './shell/app-shell';

/** Route-level code splitting: each screen is fetched when first visited. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const LayoutPage = page(() => import('./routes/layout-page'), 'LayoutPage');
const NotFoundPanel = page(() => import('./routes/not-found-panel'), 'NotFoundPanel');
const RegisterPage = page(
  () => import('../features/auth/components/register-page'),
  'RegisterPage',
);
const LoginPage = page(() => import('../features/auth/components/login-page'), 'LoginPage');
const ForgetPasswordPage = page(
  () => import('../features/auth/components/forget-password-page'),
  'ForgetPasswordPage',
);
const SavePasswordPage = page(
  () => import('../features/auth/components/save-password-page'),
  'SavePasswordPage',
);
const FeedPage = page(() => import('../features/feed/components/feed-page'), 'FeedPage');
const ProfilePage = page(
  () => import('../features/profile/components/profile-page'),
  'ProfilePage',
);
const ChallengePage = page(
  () => import('../features/challenges/components/challenge-page'),
  'ChallengePage',
);
const LeaderboardPage = page(
  () => import('../features/leaderboard/components/leaderboard-page'),
  'LeaderboardPage',
);
const AboutPage = page(() => import('../features/site/components/about-page'), 'AboutPage');
const ContactPage = page(() => import('../features/site/components/contact-page'), 'ContactPage');
const AdminPage = page(() => import('../features/admin/components/admin-page'), 'AdminPage');

const guarded = (element: ReactNode) => <RequireLogin>{element}</RequireLogin>;

/** SPEC §2's routes, with DESIGN §7's guard that really blocks. */
export const routes = [
  {
    element: <AppShell />,
    children: [
      {
        path: 'register',
        element: (
          <RedirectIfSignedIn>
            <RegisterPage />
          </RedirectIfSignedIn>
        ),
      },
      {
        path: 'login',
        element: (
          <RedirectIfSignedIn>
            <LoginPage />
          </RedirectIfSignedIn>
        ),
      },
      { path: 'forget-password', element: <ForgetPasswordPage /> },
      { path: 'save-password', element: <SavePasswordPage /> },
      { path: 'about', element: <AboutPage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'leader-board', element: <LeaderboardPage /> },
      { path: 'challange/:postName', element: guarded(<ChallengePage />) },
      { path: 'admin-x', element: guarded(<AdminPage />) },
      {
        path: '',
        element: <LayoutPage />,
        children: [
          { index: true, element: <FeedPage /> },
          { path: 'feed', element: guarded(<FeedPage />) },
          { path: 'profile/:profileName', element: guarded(<ProfilePage />) },
          { path: 'dash-board', element: guarded(<FeedPage />) },
          { path: '*', element: <NotFoundPanel /> },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
