import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memberFixture, renderApp } from '@/testing/render-app';
import { HomeIntro } from './home-intro';

const routes = [
  { path: '/register', element: <p>register page</p> },
  { path: '/login', element: <p>login page</p> },
];

describe('HomeIntro', () => {
  it('tells a visitor what the app is in one line and three steps, with Register and Login', async () => {
    const { router } = renderApp(<HomeIntro />, { user: null, routes });
    const intro = screen.getByRole('region', { name: 'Meal challenges that count' });
    expect(
      within(intro).getByText(
        'ChallangeX plans your meals for a goal you pick, and counts every meal you prove with a photo.',
      ),
    ).toBeInTheDocument();
    const steps = within(intro).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('strong')?.textContent)).toEqual([
      'Get a plan',
      'Snap each meal',
      'Earn points and streaks',
    ]);
    expect(within(intro).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await userEvent.click(within(intro).getByRole('link', { name: 'Register' }));
    expect(router.state.location.pathname).toBe('/register');
  });

  it('shows members nothing', () => {
    renderApp(<HomeIntro />, { user: memberFixture });
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows nothing while the session is still being restored', () => {
    renderApp(<HomeIntro />, { user: undefined });
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('welcomes a member whose account was just made, not back, without sign-in actions', async () => {
    const { router } = renderApp(<p>registering</p>, {
      user: memberFixture,
      path: '/register',
      routes: [{ path: '/', element: <HomeIntro /> }],
    });
    await router.navigate('/', { state: { newMember: true } });
    const intro = await screen.findByRole('region', { name: 'Welcome to ChallangeX, Asha Rao!' });
    expect(intro).not.toHaveTextContent(/welcome back/i);
    expect(within(intro).getAllByRole('listitem')).toHaveLength(3);
    expect(within(intro).queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
  });
});
