import type { ComponentType, ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { lazyComponent } from './lazy-component';
import { appRoutes, type AppRoute, type RouteAccess, type Screen } from './route-table';
import { RedirectIfSignedIn, RequireLogin } from './routes/require-login';
import { screenLoaders } from './screen-loaders';
import { AppShell } from './shell/app-shell';

/** Route-level code splitting: each screen is fetched when first shown, or earlier by src/main.tsx. */
export const screenComponents = {} as Record<Screen, ComponentType>;
for (const screen of Object.keys(screenLoaders) as Screen[])
  screenComponents[screen] = lazyComponent(screenLoaders[screen]);

/** docs/product.md#routes-and-screens: the login guard really blocks. */
function guarded(access: RouteAccess, element: ReactNode): ReactNode {
  if (access === 'members') return <RequireLogin>{element}</RequireLogin>;
  if (access === 'visitors') return <RedirectIfSignedIn>{element}</RedirectIfSignedIn>;
  return element;
}

function routeObject({ path, screen, access }: AppRoute): RouteObject {
  const Screen = screenComponents[screen];
  const element = guarded(access, <Screen />);
  // The table's paths start at the root; here they sit under the shell (and the layout page), which add none.
  const relative = path.replace(/^\//, '');
  return relative === '' ? { index: true, element } : { path: relative, element };
}

const Layout = screenComponents.layout;

/** The routes of route-table.ts, for React Router. */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      ...appRoutes.filter((route) => !route.inLayout).map(routeObject),
      {
        element: <Layout />,
        children: appRoutes.filter((route) => route.inLayout).map(routeObject),
      },
    ],
  },
];
