import { act, screen } from '@testing-library/react';
import { resetFakeDatabase } from '@/testing/fake-database';
import { memberFixture, renderApp } from '@/testing/render-app';
import { AppShell } from './app-shell';

vi.mock('@/services/database', () => import('@/testing/fake-database'));

beforeEach(() => resetFakeDatabase({}));

function renderShell(user: typeof memberFixture | null) {
  return renderApp(<p>Start</p>, {
    user,
    path: '/start',
    routes: [
      { path: '/', element: <AppShell />, children: [{ path: 'feed', element: <p>Feed</p> }] },
    ],
  });
}

describe('AppShell', () => {
  it("draws the footer and a member's bottom navigation, each from a chunk of its own", async () => {
    const { router } = renderShell(memberFixture);
    await act(() => router.navigate('/feed'));
    expect(screen.getByText('Feed')).toBeInTheDocument();
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(await screen.findByRole('contentinfo')).toHaveTextContent('Privacy Policy');
    expect(screen.getByRole('link', { name: 'GitHub' }).querySelector('svg')).not.toBeNull();
    // The page is padded by the navigation's height on phones (src/styles/app.css).
    expect(screen.getByRole('main').parentElement).toHaveClass('has-bottom-nav');
  });

  it('gives visitors the footer and no bottom navigation', async () => {
    const { router } = renderShell(null);
    await act(() => router.navigate('/feed'));
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.getByRole('main').parentElement).not.toHaveClass('has-bottom-nav');
  });
});
