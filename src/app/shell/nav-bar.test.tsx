import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router-dom';
import type { NoticeRecord } from '@domain/challenges/group-records';
import { reportMainContentShown, UNREPORTED_CONTENT_WAIT_MS } from '@/lib/main-content';
import {
  failReadsAt,
  queryLog,
  readLog,
  resetFakeDatabase,
  SERVER_TIME,
  writeLog,
  writePaths,
} from '@/testing/fake-database';
import { memberFixture, renderApp } from '@/testing/render-app';
import { NavBar } from './nav-bar';

vi.mock('@/services/database', () => import('@/testing/fake-database'));

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

  it("leads to the member's own challenges from the menu", async () => {
    const { router } = renderApp(<NavBar />, {
      user: memberFixture,
      routes: [{ path: '/profile/:name/:uid', element: <p>Profile</p> }],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Asha Rao' }));
    await userEvent.click(screen.getByRole('button', { name: 'My challenges' }));
    expect(router.state.location.pathname).toBe(`/profile/Asha%20Rao/${memberFixture.uid}`);
    expect(router.state.location.hash).toBe('#my-challenges');
  });

  it("puts the site's pages after the member's entries in the phone's folded menu", () => {
    renderApp(<NavBar />, { user: null });
    const pages = screen.getByRole('link', { name: 'About' }).closest('ul');
    expect(pages).toHaveClass('order-last', 'order-md-0');
    expect(screen.getByRole('link', { name: 'Login' }).closest('ul')).not.toHaveClass('order-last');
  });

  it('adds Admin-X for admins', async () => {
    renderApp(<NavBar />, { user: { ...memberFixture, isAdmin: true } });
    await userEvent.click(await screen.findByRole('button', { name: 'Asha Rao' }));
    expect(screen.getByRole('link', { name: 'Admin-X' })).toHaveAttribute('href', '/admin-x');
  });

  it('closes the phone menu on any navigation, one made outside it (the bottom navigation) too', async () => {
    // One nav bar above the routed pages, as in the shell: it stays mounted across the navigation.
    const { router } = renderApp(<p>Start</p>, {
      user: memberFixture,
      path: '/start',
      routes: [
        {
          path: '/',
          element: (
            <>
              <NavBar />
              <Outlet />
            </>
          ),
          children: [
            { path: 'feed', element: <p>Feed</p> },
            { path: 'leader-board', element: <p>Board</p> },
          ],
        },
      ],
    });
    await act(() => router.navigate('/feed'));
    const toggle = screen.getByRole('button', { name: 'Toggle navigation' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await act(() => router.navigate('/leader-board'));
    expect(screen.getByText('Board')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
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

const notice = (
  kind: NoticeRecord['kind'],
  at: number,
  meal: NoticeRecord['meal'],
): NoticeRecord => ({
  kind,
  at,
  fromUid: 'uid-ravi',
  fromName: 'Ravi',
  fromPhotoURL: '',
  ownerId: 'uid-kabir',
  challengeId: 'cid-team',
  title: 'Team week',
  meal,
});

describe('the notices on the account menu', () => {
  const noticesRead = () =>
    [...readLog, ...queryLog.map((query) => query.path)].filter((path) =>
      path.startsWith('users/uid-asha/notices'),
    );

  beforeEach(() =>
    resetFakeDatabase({
      users: {
        'uid-asha': {
          notices: {
            n1: notice('cheer', 1_000, 'Day1-breakfast'),
            n2: notice('cheer', 3_000, 'Day1-lunch'),
            n3: notice('nudge', 4_000, 'Day2-dinner'),
            n4: notice('cheer', 5_000, 'Day2-lunch'),
          },
          noticesSeenAt: 2_000,
        },
      },
    }),
  );

  // The first to report the page's main content in this file: until then it has not been shown.
  it('reads nothing of the notices before the page has shown its main content', async () => {
    // The page's clock is ours: every wait the menu starts runs, up to the safety net that would read anyway.
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
    });
    try {
      renderApp(<NavBar />, { user: memberFixture });
      await vi.dynamicImportSettled();
      await act(() => vi.advanceTimersByTimeAsync(UNREPORTED_CONTENT_WAIT_MS - 100));
      expect(screen.getByRole('button', { name: 'Asha Rao' })).toBeInTheDocument();
      expect(noticesRead()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
    reportMainContentShown();
    await waitFor(() => expect(noticesRead()).not.toEqual([]));
    // One bounded query by the notices' time: the 20 newest, whatever the member has received.
    expect(queryLog.find((query) => query.path === 'users/uid-asha/notices')?.spec).toEqual({
      orderBy: 'at',
      limitToLast: 20,
    });
  });

  it('shows the count of notices newer than the last look on the menu, in words for assistive technology', async () => {
    reportMainContentShown();
    renderApp(<NavBar />, { user: memberFixture });
    // The toggle keeps its name; the count describes it.
    const menu = await screen.findByRole('button', {
      name: 'Asha Rao',
      description: '3 new notices',
    });
    expect(within(menu).getByText('3')).toBeVisible();
    // The phone's folded menu carries the count too.
    expect(
      screen.getByRole('button', { name: 'Toggle navigation', description: '3 new notices' }),
    ).toBeInTheDocument();
  });

  it('lists the recent cheers and nudges, newest first, linking to the challenge, and marks them seen', async () => {
    reportMainContentShown();
    renderApp(<NavBar />, {
      user: memberFixture,
      routes: [{ path: '/challange/*', element: <NavBar /> }],
    });
    const menu = await screen.findByRole('button', {
      name: 'Asha Rao',
      description: '3 new notices',
    });
    // On a phone the menu is unfolded first; opening Notices must keep it unfolded (the list is inside it).
    await userEvent.click(screen.getByRole('button', { name: 'Toggle navigation' }));
    await userEvent.click(menu);
    await userEvent.click(screen.getByRole('button', { name: 'Notices' }));
    expect(document.getElementById('main-nav')).toHaveClass('show');
    const panel = screen.getByRole('region', { name: 'Notices' });
    const links = await within(panel).findAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringContaining('NewRavi cheered your Day 2 lunch in Team week'),
      expect.stringContaining('NewRavi nudged you: your Day 2 dinner in Team week is open'),
      expect.stringContaining('NewRavi cheered your Day 1 lunch in Team week'),
      expect.not.stringContaining('New'),
    ]);
    expect(links[3]).toHaveTextContent('Ravi cheered your Day 1 breakfast in Team week');
    expect(links[0]).toHaveAttribute('href', '/challange/team-week/uid-kabir/cid-team');
    // Opening the list records the server's time of the look.
    expect(writeLog).toContainEqual({ 'users/uid-asha/noticesSeenAt': SERVER_TIME });
    // Once the server has stamped it, the badge goes; the list still marks what was new when opened.
    await writePaths({ 'users/uid-asha/noticesSeenAt': 9_000 });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Asha Rao' })).not.toHaveAccessibleDescription(),
    );
    expect(within(panel).getAllByText('New')).toHaveLength(3);
    // Following a notice closes the menu.
    await userEvent.click(links[0]);
    expect(screen.getByRole('button', { name: 'Asha Rao' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('says when there is nothing yet, and shows no badge', async () => {
    reportMainContentShown();
    resetFakeDatabase({});
    renderApp(<NavBar />, { user: memberFixture });
    const menu = await screen.findByRole('button', { name: 'Asha Rao' });
    await userEvent.click(menu);
    await userEvent.click(screen.getByRole('button', { name: 'Notices' }));
    expect(await screen.findByText('No cheers or nudges yet')).toBeVisible();
    expect(menu).not.toHaveAccessibleDescription();
  });

  it('says when the notices could not be read, and shows no badge', async () => {
    reportMainContentShown();
    failReadsAt('users/uid-asha/notices');
    renderApp(<NavBar />, { user: memberFixture });
    const menu = await screen.findByRole('button', { name: 'Asha Rao' });
    await userEvent.click(menu);
    await userEvent.click(screen.getByRole('button', { name: 'Notices' }));
    expect(await screen.findByText(/Notices could not be loaded/)).toBeVisible();
    expect(menu).not.toHaveAccessibleDescription();
  });
});
