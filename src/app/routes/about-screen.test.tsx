import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetFakeDatabase } from '@/testing/fake-database';
import { memberFixture, renderApp } from '@/testing/render-app';
import { AboutScreen } from './about-screen';

vi.mock('@/services/database', () => import('@/testing/fake-database'));
vi.mock('@/lib/toast', () => ({
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
  toastInfo: vi.fn(),
}));

beforeEach(() => {
  resetFakeDatabase({
    users: { [memberFixture.uid]: { info: { uid: memberFixture.uid, displayName: 'Asha Rao' } } },
  });
  Element.prototype.scrollIntoView = vi.fn();
});

describe('AboutScreen', () => {
  it("states the product's mission and has the privacy and terms anchors the footer links to", () => {
    renderApp(<AboutScreen />, { path: '/about' });
    expect(document.title).toBe('About · ChallangeX');
    expect(screen.getByRole('heading', { name: /elevate/i, level: 1 })).toBeInTheDocument();
    ['AI challenge automation', 'Verification', 'Blockchain security'].forEach((name) =>
      expect(screen.getByRole('heading', { name })).toBeInTheDocument(),
    );
    expect(
      screen.getByRole('heading', { name: 'Privacy Policy' }).closest('section'),
    ).toHaveAttribute('id', 'privacy');
    expect(
      screen.getByRole('heading', { name: 'Terms Conditions' }).closest('section'),
    ).toHaveAttribute('id', 'terms');
    expect(screen.getByRole('heading', { name: 'Never Miss A News' })).toBeInTheDocument();
  });

  it('scrolls to #privacy when the footer link opens the page', async () => {
    const { router } = renderApp(<p>Start</p>, {
      path: '/start',
      routes: [{ path: '/about', element: <AboutScreen /> }],
    });
    await act(() => router.navigate('/about#privacy'));
    expect(Element.prototype.scrollIntoView).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toHaveAttribute('id', 'privacy');
  });

  it('sends a visitor to login from Take Challenge', async () => {
    const { router } = renderApp(<AboutScreen />, {
      path: '/about',
      user: null,
      routes: [{ path: '/login', element: <h1>Login screen</h1> }],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Take Challenge' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('opens the profile modal for a member', async () => {
    renderApp(<AboutScreen />, { path: '/about', user: memberFixture });
    await userEvent.click(screen.getByRole('button', { name: 'Take Challenge' }));
    expect(
      await screen.findByRole('dialog', { name: 'Edit profile' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(
      await screen.findByLabelText('Location', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
