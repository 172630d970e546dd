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
    // The account menu's code loads once a member is known.
    const menu = await screen.findByRole('button', { name: 'Asha Rao' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Profile' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin-X' })).not.toBeInTheDocument();
  });

  it('adds Admin-X for admins', async () => {
    renderApp(<NavBar />, { user: { ...memberFixture, isAdmin: true } });
    await userEvent.click(await screen.findByRole('button', { name: 'Asha Rao' }));
    expect(screen.getByRole('link', { name: 'Admin-X' })).toHaveAttribute('href', '/admin-x');
  });

  it('closes the account menu on Escape and on a click elsewhere', async () => {
    renderApp(<NavBar />, { user: memberFixture });
    const menu = await screen.findByRole('button', { name: 'Asha Rao' });
    await userEvent.click(menu);
    await userEvent.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(document.body);
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  it('tells assistive technology whether the phone menu is open, and closes it on navigation', async () => {
    renderApp(<NavBar />, { user: null });
    const toggle = screen.getByRole('button', { name: 'Toggle navigation' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', 'main-nav');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById('main-nav')).toHaveClass('show');
    // The page's own link: the address does not change, the menu still closes.
    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('main-nav')).not.toHaveClass('show');
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
