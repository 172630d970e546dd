import { screen } from '@testing-library/react';
import { memberFixture, renderApp } from '@/testing/render-app';
import { whileSigningIn } from '@/lib/sign-in-progress';
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
