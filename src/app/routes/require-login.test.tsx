import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { memberFixture, renderApp } from '@/testing/render-app';
import { forgetLogout, noteLogout } from '@/lib/return-address';
import { SessionContext } from '@/lib/session';
import { whileSigningIn } from '@/lib/sign-in-progress';
import type { SessionUser } from '@/services/auth';
import { RedirectIfSignedIn, RequireLogin } from './require-login';

const loginRoute = { path: '/login', element: <h1>Login screen</h1> };
const feedRoute = { path: '/feed', element: <h1>Feed screen</h1> };

describe('RequireLogin', () => {
  it('sends a visitor to login and never renders the guarded page', () => {
    const { router } = renderApp(
      <RequireLogin>
        <p>Secret admin data</p>
      </RequireLogin>,
      { path: '/admin-x', user: null, routes: [loginRoute] },
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(screen.queryByText('Secret admin data')).not.toBeInTheDocument();
  });

  it('names the page in the login address, so that signing in comes back to it', () => {
    const { router } = renderApp(
      <RequireLogin>
        <p>Challenge</p>
      </RequireLogin>,
      { path: '/challange/lean-week/u2/c9?day=2', user: null, routes: [loginRoute] },
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?next=%2Fchallange%2Flean-week%2Fu2%2Fc9%3Fday%3D2');
  });

  it('renders nothing while the session is still being restored', () => {
    const { router } = renderApp(
      <RequireLogin>
        <p>Secret admin data</p>
      </RequireLogin>,
      { path: '/admin-x', user: undefined, routes: [loginRoute] },
    );
    expect(router.state.location.pathname).toBe('/admin-x');
    expect(screen.queryByText('Secret admin data')).not.toBeInTheDocument();
  });

  it('renders the page for a signed-in member', () => {
    renderApp(
      <RequireLogin>
        <p>Member page</p>
      </RequireLogin>,
      { path: '/feed', user: memberFixture },
    );
    expect(screen.getByText('Member page')).toBeInTheDocument();
  });
});

/** A guarded page whose session the test ends, as a logout or another tab would. */
function renderGuardedPage(path: string, user: SessionUser | null) {
  const router = createMemoryRouter(
    [
      {
        path: path.split('?')[0],
        element: (
          <RequireLogin>
            <p>Member page</p>
          </RequireLogin>
        ),
      },
      loginRoute,
    ],
    { initialEntries: [path] },
  );
  const tree = (session: SessionUser | null) => (
    <SessionContext.Provider value={{ user: session }}>
      <RouterProvider router={router} />
    </SessionContext.Provider>
  );
  const view = render(tree(user));
  const endSession = () => act(() => view.rerender(tree(null)));
  return { router, endSession };
}

describe('RequireLogin when the session ends on the page', () => {
  const page = '/challange/lean-week/u2/c9';
  afterEach(forgetLogout);

  it("sends a member who logged out here to a plain login: the page is theirs, not the next person's", () => {
    const { router, endSession } = renderGuardedPage(page, memberFixture);
    expect(screen.getByText('Member page')).toBeInTheDocument();
    noteLogout(memberFixture.uid);
    endSession();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
  });

  it('keeps the page for a session that ended otherwise (another tab, a refused token)', () => {
    // Another member's logout, earlier in this tab, is not this one's.
    noteLogout('uid-someone-else');
    const { router, endSession } = renderGuardedPage(page, memberFixture);
    endSession();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?next=%2Fchallange%2Flean-week%2Fu2%2Fc9');
  });

  it('still names the page for a visitor who opens it after a logout', () => {
    const { router: left, endSession } = renderGuardedPage(page, memberFixture);
    noteLogout(memberFixture.uid);
    endSession();
    expect(left.state.location.search).toBe('');
    const { router } = renderGuardedPage(page, null);
    expect(router.state.location.search).toBe('?next=%2Fchallange%2Flean-week%2Fu2%2Fc9');
  });
});

describe('RedirectIfSignedIn', () => {
  it('sends a signed-in member from login to the feed', () => {
    const { router } = renderApp(
      <RedirectIfSignedIn>
        <p>Login form</p>
      </RedirectIfSignedIn>,
      { path: '/login', user: memberFixture, routes: [feedRoute] },
    );
    expect(router.state.location.pathname).toBe('/feed');
    expect(screen.queryByText('Login form')).not.toBeInTheDocument();
  });

  it('sends a signed-in member on to the page the login address names', () => {
    const { router } = renderApp(
      <RedirectIfSignedIn>
        <p>Login form</p>
      </RedirectIfSignedIn>,
      {
        path: '/login?next=%2Fprofile%2FAsha%2Fu2',
        user: memberFixture,
        routes: [{ path: '/profile/:name/:uid', element: <h1>Profile</h1> }],
      },
    );
    expect(router.state.location.pathname).toBe('/profile/Asha/u2');
  });

  it('sends a signed-in member to the feed when the login address names another site', () => {
    const { router } = renderApp(
      <RedirectIfSignedIn>
        <p>Login form</p>
      </RedirectIfSignedIn>,
      { path: '/login?next=https%3A%2F%2Fevil.example', user: memberFixture, routes: [feedRoute] },
    );
    expect(router.state.location.pathname).toBe('/feed');
  });

  it('shows login to a member whose logout the session has not caught up with yet, rather than bouncing them to the feed', () => {
    noteLogout(memberFixture.uid);
    const { router } = renderApp(
      <RedirectIfSignedIn>
        <p>Login form</p>
      </RedirectIfSignedIn>,
      { path: '/login', user: memberFixture, routes: [feedRoute] },
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByText('Login form')).toBeInTheDocument();
    forgetLogout();
  });

  it('shows login to a visitor', () => {
    renderApp(
      <RedirectIfSignedIn>
        <p>Login form</p>
      </RedirectIfSignedIn>,
      { path: '/login', user: null },
    );
    expect(screen.getByText('Login form')).toBeInTheDocument();
  });

  it('leaves the next step to a sign-in made on the screen, which tells the home whether the account is new', async () => {
    let finish: () => void = () => {};
    const signingIn = whileSigningIn(new Promise<void>((resolve) => (finish = resolve)));
    const { router } = renderApp(
      <RedirectIfSignedIn>
        <p>Login form</p>
      </RedirectIfSignedIn>,
      { path: '/register', user: memberFixture, routes: [feedRoute] },
    );
    expect(router.state.location.pathname).toBe('/register');
    expect(screen.getByText('Login form')).toBeInTheDocument();
    finish();
    await signingIn;
  });
});
