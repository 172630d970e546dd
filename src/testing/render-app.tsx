import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { BusyProvider } from '@/components/busy-provider';
import { SessionContext } from '@/lib/session';
import type { SessionUser } from '@/services/auth';

export const memberFixture: SessionUser = {
  uid: 'uid-asha',
  email: 'asha@example.com',
  displayName: 'Asha Rao',
  photoURL: null,
  emailVerified: true,
  isAdmin: false,
};

interface RenderOptions {
  user?: SessionUser | null;
  path?: string;
  /** Extra routes, e.g. the targets of redirects, so tests can see where the app went. */
  routes?: RouteObject[];
}

/** Renders a screen inside the app's providers and an in-memory router. */
export function renderApp(element: ReactNode, options: RenderOptions = {}) {
  const { path = '/', routes = [] } = options;
  // An explicit `user: undefined` means "session still restoring", so no default for it.
  const user = 'user' in options ? options.user : null;
  const routePath = path.split('?')[0];
  const router = createMemoryRouter([{ path: routePath, element }, ...routes], {
    initialEntries: [path],
  });
  const view = render(
    <SessionContext.Provider value={{ user }}>
      <BusyProvider>
        <RouterProvider router={router} />
      </BusyProvider>
    </SessionContext.Provider>,
  );
  return { ...view, router };
}
