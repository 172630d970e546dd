import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NoticesView } from '@/features/notices/hooks/use-notices';
import type { Loadable } from '@/hooks/use-loadable';
import { memberFixture, renderApp } from '@/testing/render-app';
import { AccountMenu } from './account-menu';

vi.mock('@/features/auth/api/logout', () => ({ logout: vi.fn(() => Promise.resolve()) }));
vi.mock('@/features/notices/api/notices-feed', () => ({ markNoticesSeen: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));

const noNotices: Loadable<NoticesView> = {
  status: 'ready',
  value: { notices: [], seenAt: null, newCount: 0 },
};

describe('AccountMenu', () => {
  it("Logout goes to a plain login: the page left is the member's, not the next person's", async () => {
    const page = '/challange/lean-week/uid-asha/c9?day=2';
    const { router } = renderApp(<AccountMenu user={memberFixture} notices={noNotices} />, {
      user: memberFixture,
      path: page,
      routes: [{ path: '/login', element: <h1>Login screen</h1> }],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Asha Rao' }));
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
  });
});
