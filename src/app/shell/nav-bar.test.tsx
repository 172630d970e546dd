import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memberFixture, renderApp } from '@/testing/render-app';
import { NavBar } from './nav-bar';

vi.mock('@/features/auth/api/logout', () => ({ logout: vi.fn(() => Promise.resolve()) }));
vi.mock('@/lib/toast', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));

const primaryLinks = ['Home', 'About', 'Contact', 'Leader-board'];

describe('NavBar', () => {
  it('offers Register and Login to visitors', () => {
    renderApp(<NavBar />, { user: null });
    for (const name of [...primaryLinks, 'Register', 'Login']) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(
      screen.queryByRole('button', { name: memberFixture.displayName! }),
    ).not.toBeInTheDocument();
  });

  it('shows signed-in members a menu titled with their name, with Profile and Logout', async () => {
    renderApp(<NavBar />, { user: memberFixture });
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Asha Rao' }));
    expect(screen.getByRole('button', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin-X' })).not.toBeInTheDocument();
  });

  it('adds Admin-X for admins', async () => {
    renderApp(<NavBar />, { user: { ...memberFixture, isAdmin: true } });
    await userEvent.click(screen.getByRole('button', { name: 'Asha Rao' }));
    expect(screen.getByRole('link', { name: 'Admin-X' })).toHaveAttribute('href', '/admin-x');
  });

  it('highlights the active route', () => {
    renderApp(<NavBar />, { user: null, path: '/about' });
    const nav = screen.getByRole('navigation');
    expect(within(nav).getByRole('link', { name: 'About' })).toHaveClass('active');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveClass('active');
  });

  it('links the logo to the dashboard for members and home for visitors', () => {
    const { unmount } = renderApp(<NavBar />, { user: memberFixture });
    expect(screen.getByRole('link', { name: 'ChallangeX' })).toHaveAttribute('href', '/dash-board');
    unmount();
    renderApp(<NavBar />, { user: null });
    expect(screen.getByRole('link', { name: 'ChallangeX' })).toHaveAttribute('href', '/');
  });
});
