import { screen } from '@testing-library/react';
import { memberFixture, renderApp } from '@/testing/render-app';
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

  it('shows login to a visitor', () => {
    renderApp(
      <RedirectIfSignedIn>
        <p>Login form</p>
      </RedirectIfSignedIn>,
      { path: '/login', user: null },
    );
    expect(screen.getByText('Login form')).toBeInTheDocument();
  });
});
