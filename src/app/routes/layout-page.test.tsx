import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetFakeDatabase } from '@/testing/fake-database';
import { controlIntersections } from '@/testing/intersection-control';
import { memberFixture, renderApp } from '@/testing/render-app';
import { useHomeTopSlot } from './home-top-slot';
import { LayoutPage } from './layout-page';

vi.mock('@/services/database', () => import('@/testing/fake-database'));

const BANNER = 'Which Challenge Would You Like to Take Today ?';
/** The feed's stand-in: a member's Today, then the home's top the layout hands over, then the feed. */
function FeedOutlet() {
  const homeTop = useHomeTopSlot();
  return (
    <>
      <p>Today outlet</p>
      {homeTop}
      <p>Feed outlet</p>
    </>
  );
}
const children = [
  { index: true, element: <FeedOutlet /> },
  { path: 'feed', element: <FeedOutlet /> },
  { path: 'profile/:profileName', element: <p>Profile outlet</p> },
  { path: 'profile/:profileName/:uid', element: <p>Profile outlet</p> },
  { path: 'about-us', element: <p>Other outlet</p> },
];

async function renderLayout(path: string, user: typeof memberFixture | null) {
  const { router } = renderApp(<p>Start</p>, {
    path: '/start',
    user,
    routes: [{ path: '/', element: <LayoutPage />, children }],
  });
  await act(() => router.navigate(path));
}

beforeEach(() =>
  resetFakeDatabase({
    users: {
      [memberFixture.uid]: { info: { uid: memberFixture.uid, displayName: 'Asha Rao', score: 30 } },
    },
  }),
);

describe('LayoutPage', () => {
  it('puts the home banner above the feed and the widgets in the sidebar', async () => {
    await renderLayout('/', null);
    expect(screen.getByRole('heading', { name: BANNER })).toBeInTheDocument();
    expect(screen.getByText('Feed outlet')).toBeInTheDocument();
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    for (const name of [
      'Top Challengers',
      'Never Miss A News',
      'Follow ChallangeX',
      'Recent Post',
    ]) {
      expect(await screen.findByRole('heading', { name }, { timeout: 5000 })).toBeInTheDocument();
    }
    expect(sidebar).toContainElement(screen.getByRole('heading', { name: 'Recent Post' }));
    // The profile card is for signed-in members only.
    expect(screen.queryByRole('link', { name: 'About me' })).not.toBeInTheDocument();
    // Longer than the waits inside: the widgets' first imports are slow on a busy machine.
  }, 20_000);

  it('keeps the page and the other widgets when one widget cannot render (a date no calendar holds in Recent Post)', async () => {
    resetFakeDatabase({ feed: { odd: { uid: 'u1', title: 'Odd', createdAt: 1e20 } } });
    await renderLayout('/', null);
    for (const name of ['Top Challengers', 'Never Miss A News', 'Follow ChallangeX']) {
      expect(await screen.findByRole('heading', { name }, { timeout: 5000 })).toBeInTheDocument();
    }
    await vi.waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Recent Post' })).toBeNull(),
    );
    expect(screen.getByText('Feed outlet')).toBeInTheDocument();
  }, 20_000);

  it('leaves a stub row of the feed out of Recent Post (docs/security.md, "Moderation races")', async () => {
    resetFakeDatabase({
      feed: {
        stub: { cover: '/meals/poha.svg', createdAt: 2 },
        kept: { uid: 'u1', title: 'Kept week', displayName: 'Asha', day: 3, createdAt: 1 },
      },
    });
    await renderLayout('/', null);
    expect(await screen.findByRole('link', { name: 'Kept week' }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Recent Post' })).toBeInTheDocument();
  }, 20_000);

  it("renders the sidebar's widgets only once they near the screen, holding their space till then", async () => {
    const intersections = controlIntersections();
    try {
      await renderLayout('/profile/Asha%20Rao', memberFixture);
      const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
      // Placeholders only: no widget's chunk, read or Intl set-up (the top challengers' board) yet.
      expect(sidebar).not.toBeEmptyDOMElement();
      expect(within(sidebar).queryByRole('heading')).toBeNull();
      expect(intersections.observed.length).toBeGreaterThan(0);
      intersections.nearAll();
      expect(
        await screen.findByRole('heading', { name: 'Top Challengers' }, { timeout: 5000 }),
      ).toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  }, 15_000);

  it('shows a member their profile card, and no home banner off the feed', async () => {
    await renderLayout('/profile/Asha%20Rao', memberFixture);
    expect(screen.getByText('Profile outlet')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: BANNER })).not.toBeInTheDocument();
    expect(
      await screen.findByRole('link', { name: 'About me' }, { timeout: 5000 }),
    ).toHaveAttribute('href', `/profile/Asha%20Rao/${memberFixture.uid}`);
    expect(await screen.findByText('Total Score')).toBeInTheDocument();
  }, 15_000);

  it.each(['/', '/feed'])(
    "puts a member's home top (banner, then the phone's entry) after their Today at %s",
    async (path) => {
      const follows = (a: Element, b: Element) =>
        Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
      await renderLayout(path, memberFixture);
      const today = screen.getByText('Today outlet');
      const banner = screen.getByRole('heading', { name: BANNER });
      const entry = screen.getByRole('region', { name: 'Start a challenge' });
      const feed = screen.getByText('Feed outlet');
      expect(follows(today, banner) && follows(banner, entry) && follows(entry, feed)).toBe(true);
    },
  );

  it("keeps the banner above a visitor's home, before the page", async () => {
    await renderLayout('/', null);
    const banner = screen.getByRole('heading', { name: BANNER });
    expect(
      banner.compareDocumentPosition(screen.getByText('Today outlet')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it.each(['/profile/Asha%20Rao'])(
    'offers "Start a Challenge" above the page on phones at %s, before the page itself',
    async (path) => {
      await renderLayout(path, memberFixture);
      const entry = await screen.findByRole('region', { name: 'Start a challenge' });
      expect(within(entry).getByRole('button', { name: 'Start a Challenge' })).toBeVisible();
      // Hidden from lg up, where the sidebar's banner stands beside the page.
      expect(entry.parentElement).toHaveClass('d-lg-none');
      const outlet = screen.getByText(/Feed outlet|Profile outlet/);
      expect(entry.compareDocumentPosition(outlet) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(screen.getByRole('complementary', { name: 'Sidebar' })).not.toContainElement(entry);
    },
  );

  it('offers no extra entry on pages that are neither the feed nor a profile', async () => {
    await renderLayout('/about-us', memberFixture);
    expect(screen.getByText('Other outlet')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Start a challenge' })).not.toBeInTheDocument();
  });

  it('keeps the sidebar under the feed on narrow screens, and shows it beside other pages from lg up only', async () => {
    const { router } = renderApp(<p>Start</p>, {
      path: '/start',
      user: memberFixture,
      routes: [{ path: '/', element: <LayoutPage />, children }],
    });
    await act(() => router.navigate('/feed'));
    expect(screen.getByRole('complementary', { name: 'Sidebar' })).not.toHaveClass('d-none');
    // A screen tall, so the sidebar below never jumps down as the feed fills in.
    expect(screen.getByText('Feed outlet').parentElement).toHaveClass('min-vh-100');
    await act(() => router.navigate('/about-us'));
    expect(screen.getByRole('complementary', { name: 'Sidebar', hidden: true })).toHaveClass(
      'd-none',
      'd-lg-block',
    );
    // No sidebar below: a short page (the 404 panel) leaves no screen-high gap under it.
    expect(screen.getByText('Other outlet').parentElement).not.toHaveClass('min-vh-100');
  });

  it("leaves the profile card out beside the member's own profile, which shows the same", async () => {
    await renderLayout(`/profile/Asha%20Rao/${memberFixture.uid}`, memberFixture);
    expect(
      await screen.findByRole('heading', { name: 'Top Challengers' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'About me' })).not.toBeInTheDocument();
  }, 15_000);
});
