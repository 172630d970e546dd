import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FeedEntry } from '@domain/challenges/challenge-record';
import { readStored, storageKeys } from '@/lib/device-storage';
import { readIdentity } from '@domain/data/read-descriptor';
import { feedPageRead } from '@/features/feed/api/feed-pages';
import {
  allowReadsAt,
  failReadsAt,
  queryLog,
  resetFakeDatabase,
  writePaths,
} from '@/testing/fake-database';
import { memberFixture, renderApp } from '@/testing/render-app';
import { FeedScreen } from './feed-screen';

vi.mock('@/services/database', () => import('@/testing/fake-database'));
vi.mock('@/services/api-client', () => ({ callApi: vi.fn(() => Promise.resolve({})) }));
vi.mock('@/lib/toast', () => ({
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
  toastInfo: vi.fn(),
  confirmAction: vi.fn(() => Promise.resolve(false)),
}));

const CREATED = new Date(2026, 10, 21, 9, 5).getTime();

function entry(overrides: Partial<FeedEntry> = {}): FeedEntry {
  return {
    uid: 'uid-ravi',
    title: 'Seven day lean',
    day: 7,
    preference: 'veg',
    targetBody: 'Lean',
    displayName: 'Ravi Kumar',
    photoURL: '',
    cover: '/meals/poha.svg',
    createdAt: CREATED,
    ...overrides,
  };
}

/** Twelve challenges by two authors, one minute apart; key order is creation order (push ids). */
function seedTwelve() {
  for (let index = 1; index <= 12; index++) {
    const author = index % 3 === 0 ? { uid: 'uid-meera', displayName: 'Meera Iyer' } : {};
    feed.set(
      `c${String(index).padStart(2, '0')}`,
      entry({ title: `Challenge ${index}`, createdAt: CREATED + index * 60_000, ...author }),
    );
  }
}

const titles = () =>
  screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
const pageLinks = () =>
  [
    ...screen
      .getByRole('navigation', { name: 'Feed pages' })
      .querySelectorAll('[aria-label^="Page "]'),
  ].map((item) => item.getAttribute('aria-label'));
const goToPage = (number: number) =>
  userEvent.click(screen.getByRole('link', { name: `Page ${number}` }));
/** The feed's own section: a member's Today above it has its own statuses. */
const feedSection = () => screen.getByRole('region', { name: 'Challenges' });
const pagingNav = () => screen.getByRole('navigation', { name: 'Feed pages' });
const step = (name: 'Previous' | 'Next') => within(pagingNav()).getByRole('link', { name });

/** feed/ as the tests seed it, before the page renders. */
const feed = new Map<string, FeedEntry>();

/** Puts the seeded feed in the fake database (the page reads it when it renders). */
function renderFeed(...args: Parameters<typeof renderApp>) {
  resetFakeDatabase({ feed: Object.fromEntries(feed) });
  return renderApp(...args);
}

beforeEach(() => {
  feed.clear();
  resetFakeDatabase();
  localStorage.clear();
});

describe('FeedScreen cards', () => {
  it('shows the product’s card fields: cover, title, author link, days, times, preference in capitals', async () => {
    feed.set('c1', entry({ updatedAt: new Date(2026, 10, 22, 18, 30).getTime() }));
    renderFeed(<FeedScreen />, { user: memberFixture });

    const card = (await screen.findByRole('article', { name: 'Seven day lean' })) as HTMLElement;
    expect(within(card).getByRole('link', { name: 'Ravi Kumar' })).toHaveAttribute(
      'href',
      '/profile/Ravi%20Kumar/uid-ravi',
    );
    expect(within(card).getByText('7 days')).toBeInTheDocument();
    expect(within(card).getByText('Created 21 Nov 2026, 9:05 AM')).toBeInTheDocument();
    expect(within(card).getByText('Updated 22 Nov 2026, 6:30 PM')).toBeInTheDocument();
    expect(within(card).getByText('VEG')).toBeInTheDocument();
    expect(card.querySelector('img.challenge-card-cover')).toHaveAttribute(
      'src',
      '/meals/poha.svg',
    );
  });

  it('leaves out the updated time when the challenge was never edited', async () => {
    feed.set('c1', entry());
    renderFeed(<FeedScreen />, { user: memberFixture });
    await screen.findByRole('article', { name: 'Seven day lean' });
    expect(screen.queryByText(/^Updated/)).not.toBeInTheDocument();
  });

  it('renders only https (or app-shipped) images, never javascript: or plain http', async () => {
    feed.set(
      'c1',
      entry({
        title: 'Script cover',
        cover: 'javascript:alert(1)',
        photoURL: 'javascript:alert(2)',
      }),
    );
    feed.set(
      'c2',
      entry({ title: 'Http cover', cover: 'http://evil.example/a.jpg', createdAt: CREATED + 1 }),
    );
    feed.set(
      'c3',
      entry({
        title: 'Https cover',
        cover: 'https://cdn.example/a.jpg',
        photoURL: 'https://cdn.example/me.png',
        createdAt: CREATED + 2,
      }),
    );
    const { container } = renderFeed(<FeedScreen />, { user: memberFixture });
    await screen.findByRole('article', { name: 'Https cover' });
    const images = [...container.querySelectorAll('img')];
    expect(images.map((image) => image.getAttribute('src'))).toEqual([
      'https://cdn.example/a.jpg',
      'https://cdn.example/me.png',
    ]);
    // The first card's cover is the page's largest paint: fetched at once; the avatar waits its turn (lazily,
    // at low priority), with no render of its own.
    expect(images[0]).toHaveAttribute('loading', 'eager');
    expect(images[0]).toHaveAttribute('fetchpriority', 'high');
    expect(images[1]).toHaveAttribute('loading', 'lazy');
    expect(images[1]).toHaveAttribute('fetchpriority', 'low');
  });

  it('Open Challenge is a link to challange/{slug}/{owner}/{id} (new tab, copy) that also stores the ids', async () => {
    feed.set('c1', entry({ title: 'Bulk & Strong!' }));
    const { router } = renderFeed(<FeedScreen />, {
      user: memberFixture,
      routes: [
        { path: '/challange/:postName/:ownerId/:challengeId', element: <p>challenge page</p> },
      ],
    });
    const open = await screen.findByRole('link', { name: 'Open Challenge Bulk & Strong!' });
    expect(open).toHaveAttribute('href', '/challange/bulk-strong/uid-ravi/c1');
    await userEvent.click(open);
    expect(router.state.location.pathname).toBe('/challange/bulk-strong/uid-ravi/c1');
    expect(readStored(storageKeys.currentChallenge)).toBe('c1');
    expect(readStored(storageKeys.currentId)).toBe('uid-ravi');
  });

  it('shows Edit, Delete and Regenerate meals only on the member’s own challenges', async () => {
    feed.set('mine', entry({ title: 'Mine', uid: memberFixture.uid, displayName: 'Asha Rao' }));
    feed.set('theirs', entry({ title: 'Theirs', createdAt: CREATED + 1 }));
    renderFeed(<FeedScreen />, { user: memberFixture });

    const mine = (await screen.findByRole('article', { name: 'Mine' })) as HTMLElement;
    for (const name of ['Edit Mine', 'Delete Mine', 'Regenerate meals of Mine']) {
      expect(within(mine).getByRole('button', { name })).toBeInTheDocument();
    }
    // Red is for destructive actions inside menus only; on the card Delete is neutral (and asks first).
    expect(within(mine).getByRole('button', { name: 'Delete Mine' }).className).not.toMatch(
      /danger/,
    );
    const theirs = screen.getByRole('article', { name: 'Theirs' });
    expect(
      within(theirs).queryByRole('button', { name: /^(Edit|Delete|Regenerate)/ }),
    ).not.toBeInTheDocument();
  });

  it('shows visitors no owner actions', async () => {
    feed.set('c1', entry({ uid: memberFixture.uid }));
    renderFeed(<FeedScreen />, { user: null });
    await screen.findByRole('article', { name: 'Seven day lean' });
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  });
});

describe('FeedScreen pagination', () => {
  it('pages a member through 12 challenges newest first: 5, 5, 2', async () => {
    seedTwelve();
    renderFeed(<FeedScreen />, { user: memberFixture });

    await screen.findByRole('article', { name: 'Challenge 12' });
    expect(titles()).toEqual([
      'Challenge 12',
      'Challenge 11',
      'Challenge 10',
      'Challenge 9',
      'Challenge 8',
    ]);
    expect(pageLinks()).toEqual(['Page 1', 'Page 2']);

    await goToPage(2);
    await screen.findByRole('article', { name: 'Challenge 7' });
    expect(screen.getByRole('heading', { level: 2, name: 'Challenges' })).toHaveFocus();
    expect(titles()).toEqual([
      'Challenge 7',
      'Challenge 6',
      'Challenge 5',
      'Challenge 4',
      'Challenge 3',
    ]);
    expect(pageLinks()).toEqual(['Page 1', 'Page 2', 'Page 3']);

    await goToPage(3);
    await screen.findByRole('article', { name: 'Challenge 2' });
    expect(titles()).toEqual(['Challenge 2', 'Challenge 1']);
    expect(pageLinks()).toEqual(['Page 1', 'Page 2', 'Page 3']);

    await goToPage(1);
    await screen.findByRole('article', { name: 'Challenge 12' });
  });

  it('asks RTDB for one page at a time: orderByChild createdAt, limitToLast, endBefore the last card', async () => {
    seedTwelve();
    renderFeed(<FeedScreen />, { user: memberFixture });
    await screen.findByRole('article', { name: 'Challenge 12' });
    await goToPage(2);
    await screen.findByRole('article', { name: 'Challenge 7' });
    // The member's Today reads their own challenges beside it (today-section.test.tsx).
    expect(queryLog.filter(({ path }) => path === 'feed').at(-1)).toEqual({
      path: 'feed',
      spec: {
        orderBy: 'createdAt',
        limitToLast: 6,
        endBefore: [CREATED + 8 * 60_000, 'c08'],
      },
    });
  });

  it('shows visitors the newest five with no page links', async () => {
    seedTwelve();
    renderFeed(<FeedScreen />, { user: null });
    await screen.findByRole('article', { name: 'Challenge 12' });
    expect(titles()).toHaveLength(5);
    expect(screen.queryByRole('navigation', { name: 'Feed pages' })).not.toBeInTheDocument();
  });

  it('hides page links when everything fits on one page', async () => {
    feed.set('c1', entry());
    renderFeed(<FeedScreen />, { user: memberFixture });
    await screen.findByRole('article', { name: 'Seven day lean' });
    expect(screen.queryByRole('navigation', { name: 'Feed pages' })).not.toBeInTheDocument();
  });

  it('updates the page live when a new challenge arrives', async () => {
    feed.set('c1', entry());
    renderFeed(<FeedScreen />, { user: memberFixture });
    await screen.findByRole('article', { name: 'Seven day lean' });
    await act(() =>
      writePaths({ 'feed/c2': entry({ title: 'Fresh one', createdAt: CREATED + 1 }) }),
    );
    expect(titles()).toEqual(['Fresh one', 'Seven day lean']);
  });
});

describe('FeedScreen paging controls', () => {
  it('counts the pages, disables Previous on the first and Next on the last, and keeps the page in the URL', async () => {
    seedTwelve();
    const { router } = renderFeed(<FeedScreen />, { user: memberFixture });
    await screen.findByRole('article', { name: 'Challenge 12' });
    expect(pagingNav()).toHaveTextContent('Page 1 of 2 or more');
    expect(step('Previous')).toHaveAttribute('aria-disabled', 'true');
    expect(step('Previous')).not.toHaveAttribute('href');
    expect(step('Next')).toHaveAttribute('href', '/?page=2');

    await userEvent.click(step('Next'));
    await screen.findByRole('article', { name: 'Challenge 7' });
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(step('Previous')).toHaveAttribute('href', '/');

    await userEvent.click(step('Next'));
    await screen.findByRole('article', { name: 'Challenge 2' });
    expect(router.state.location.search).toBe('?page=3');
    expect(pagingNav()).toHaveTextContent('Page 3 of 3');
    expect(pagingNav()).not.toHaveTextContent('or more');
    expect(step('Next')).toHaveAttribute('aria-disabled', 'true');

    await userEvent.click(step('Previous'));
    await screen.findByRole('article', { name: 'Challenge 7' });
    expect(router.state.location.search).toBe('?page=2');
  });

  it('follows the browser’s Back and Forward between pages', async () => {
    seedTwelve();
    const { router } = renderFeed(<FeedScreen />, { user: memberFixture });
    await screen.findByRole('article', { name: 'Challenge 12' });
    await goToPage(2);
    await screen.findByRole('article', { name: 'Challenge 7' });

    await act(() => router.navigate(-1));
    await screen.findByRole('article', { name: 'Challenge 12' });
    expect(router.state.location.search).toBe('');
    await act(() => router.navigate(1));
    await screen.findByRole('article', { name: 'Challenge 7' });
  });

  it('opens a shared ?page=3 link directly, finding the page with one bounded read', async () => {
    seedTwelve();
    renderFeed(<FeedScreen />, { user: memberFixture, path: '/?page=3' });
    await screen.findByRole('article', { name: 'Challenge 2' });
    expect(titles()).toEqual(['Challenge 2', 'Challenge 1']);
    expect(pagingNav()).toHaveTextContent('Page 3 of 3');
    expect(pageLinks()).toEqual(['Page 1', 'Page 2', 'Page 3']);
    expect(queryLog.filter(({ path }) => path === 'feed')[0]).toEqual({
      path: 'feed',
      spec: { orderBy: 'createdAt', limitToLast: 11 },
    });
  });

  it('reaches a page far down in reads of at most 100 rows (the rules’ cap)', async () => {
    for (let index = 1; index <= 120; index++) {
      feed.set(
        `c${String(index).padStart(3, '0')}`,
        entry({ title: `Challenge ${index}`, createdAt: CREATED + index * 60_000 }),
      );
    }
    renderFeed(<FeedScreen />, { user: memberFixture, path: '/?page=23' });
    await screen.findByRole('article', { name: 'Challenge 10' });
    expect(titles()).toEqual([
      'Challenge 10',
      'Challenge 9',
      'Challenge 8',
      'Challenge 7',
      'Challenge 6',
    ]);
    expect(queryLog.length).toBeGreaterThan(2);
    for (const { spec } of queryLog) expect(spec.limitToLast).toBeLessThanOrEqual(100);
    expect(pagingNav()).toHaveTextContent('Page 23 of 24 or more');
  });

  it('says a page past the end does not exist and links to the last one', async () => {
    seedTwelve();
    renderFeed(<FeedScreen />, { user: memberFixture, path: '/?page=9' });
    expect(await screen.findByText('There is no page 9: the feed has 3 pages.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to page 3' })).toHaveAttribute('href', '/?page=3');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('says a page parameter that is not a number is no page', async () => {
    seedTwelve();
    renderFeed(<FeedScreen />, { user: memberFixture, path: '/?page=abc' });
    expect(await screen.findByText('“abc” is not a page number.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to page 1' })).toHaveAttribute('href', '/');
  });

  it('keeps the author filter in the page links', async () => {
    for (let index = 1; index <= 7; index++) {
      feed.set(`m${index}`, entry({ uid: 'uid-meera', title: `Meera ${index}` }));
    }
    renderFeed(<FeedScreen />, { user: memberFixture, path: '/?author=uid-meera&name=Meera' });
    await screen.findByRole('article', { name: 'Meera 7' });
    expect(step('Next')).toHaveAttribute('href', '/?author=uid-meera&name=Meera&page=2');
  });

  it('shows visitors a “Log in to see more” link where the page links would be', async () => {
    seedTwelve();
    renderFeed(<FeedScreen />, { user: null, path: '/?page=2' });
    await screen.findByRole('article', { name: 'Challenge 12' });
    expect(titles()).toHaveLength(5);
    expect(screen.getByRole('link', { name: 'Log in to see more' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(screen.queryByRole('navigation', { name: 'Feed pages' })).not.toBeInTheDocument();
  });

  it('shows visitors no login prompt when every challenge fits on the page', async () => {
    feed.set('c1', entry());
    renderFeed(<FeedScreen />, { user: null });
    await screen.findByRole('article', { name: 'Seven day lean' });
    expect(screen.queryByRole('link', { name: 'Log in to see more' })).not.toBeInTheDocument();
  });
});

describe('FeedScreen repeat visits', () => {
  it('draws the page kept from the last visit at once, marked as updating, then the live page', async () => {
    feed.set('c1', entry({ title: 'Seen last time' }));
    const first = renderFeed(<FeedScreen />, { user: memberFixture });
    await screen.findByRole('article', { name: 'Seen last time' });
    first.unmount();

    feed.set('c2', entry({ title: 'Added since', createdAt: CREATED + 1 }));
    renderFeed(<FeedScreen />, { user: memberFixture });
    // Before the live read has answered (it answers asynchronously):
    expect(within(feedSection()).getByRole('status')).toHaveTextContent('Updating…');
    expect(titles()).toEqual(['Seen last time']);

    await screen.findByRole('article', { name: 'Added since' });
    expect(titles()).toEqual(['Added since', 'Seen last time']);
    expect(within(feedSection()).queryByRole('status')).not.toBeInTheDocument();
  });

  it('keeps copies per page: page 1’s copy is not drawn on page 2', async () => {
    seedTwelve();
    const first = renderFeed(<FeedScreen />, { user: memberFixture });
    await screen.findByRole('article', { name: 'Challenge 12' });
    first.unmount();

    renderFeed(<FeedScreen />, { user: memberFixture, path: '/?page=2' });
    expect(within(feedSection()).getByRole('status')).toHaveTextContent('Loading challenges…');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
  it('ignores a stored copy that is not a valid feed page', async () => {
    const pageOne = readIdentity(feedPageRead(null, null));
    localStorage.setItem(
      storageKeys.kept,
      JSON.stringify([
        { identity: pageOne, savedAt: Date.now(), value: [{ key: 'x', value: { uid: 7 } }] },
      ]),
    );
    feed.set('c1', entry());
    renderFeed(<FeedScreen />, { user: memberFixture });
    expect(within(feedSection()).getByRole('status')).toHaveTextContent('Loading challenges…');
    expect(await screen.findByRole('article', { name: 'Seven day lean' })).toBeInTheDocument();
  });

  it('keeps and draws a valid stored copy of the same page: the kept copy is the read’s own', async () => {
    const pageOne = readIdentity(feedPageRead(null, null));
    const kept = { uid: 'uid-x', title: 'Kept title', day: 3, createdAt: CREATED };
    localStorage.setItem(
      storageKeys.kept,
      JSON.stringify([
        { identity: pageOne, savedAt: Date.now(), value: [{ key: 'k1', value: kept }] },
      ]),
    );
    feed.set('c1', entry());
    renderFeed(<FeedScreen />, { user: memberFixture });
    expect(within(feedSection()).getByRole('status')).toHaveTextContent('Updating…');
    expect(titles()).toEqual(['Kept title']);
    expect(await screen.findByRole('article', { name: 'Seven day lean' })).toBeInTheDocument();
    expect(titles()).toEqual(['Seven day lean']);
  });
});

describe('FeedScreen document title', () => {
  it.each([
    ['/', 'ChallangeX'],
    ['/feed', 'Feed · ChallangeX'],
    ['/dash-board', 'Feed · ChallangeX'],
  ])('titles %s “%s”', async (path, title) => {
    feed.set('c1', entry());
    renderFeed(<FeedScreen />, { user: memberFixture, path });
    await screen.findByRole('article', { name: 'Seven day lean' });
    expect(document.title).toBe(title);
  });
});

describe('FeedScreen author filter', () => {
  it('shows one author’s challenges after choosing them, and all again from page 1 when cleared', async () => {
    seedTwelve();
    renderFeed(<FeedScreen />, { user: memberFixture });
    await screen.findByRole('article', { name: 'Challenge 12' });
    await goToPage(2);
    await screen.findByRole('article', { name: 'Challenge 7' });

    const card = screen.getByRole('article', { name: 'Challenge 6' });
    await userEvent.click(within(card).getByRole('button', { name: 'More by Meera Iyer' }));

    await screen.findByText(/Showing challenges by/);
    expect(screen.getByText('Meera Iyer', { selector: 'strong' })).toBeInTheDocument();
    await waitFor(() =>
      expect(titles()).toEqual(['Challenge 12', 'Challenge 9', 'Challenge 6', 'Challenge 3']),
    );
    expect(screen.queryByRole('navigation', { name: 'Feed pages' })).not.toBeInTheDocument();
    expect(readStored(storageKeys.loadProfile)).toBe('uid-meera');

    await userEvent.click(screen.getByRole('button', { name: 'Show all challenges' }));
    // Page 1 shows at once from the copy its first visit kept ("Updating…", no page links) until the live
    // read answers: wait for the live page, not for titles the copy already has. Its render is a transition,
    // which a busy machine can hold back past findBy's default second.
    expect(await screen.findByRole('link', { name: 'Page 1' }, { timeout: 5000 })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.queryByText('Updating…')).not.toBeInTheDocument();
    expect(titles()).toEqual([
      'Challenge 12',
      'Challenge 11',
      'Challenge 10',
      'Challenge 9',
      'Challenge 8',
    ]);
    expect(screen.queryByText(/Showing challenges by/)).not.toBeInTheDocument();
    expect(readStored(storageKeys.loadProfile)).toBeNull();
  });

  it('pages one author’s challenges with uid cursors', async () => {
    for (let index = 1; index <= 7; index++) {
      feed.set(
        `m${index}`,
        entry({
          uid: 'uid-meera',
          displayName: 'Meera Iyer',
          title: `Meera ${index}`,
          createdAt: CREATED + index,
        }),
      );
    }
    feed.set('other', entry({ title: 'Other author', createdAt: CREATED + 100 }));
    renderFeed(<FeedScreen />, {
      user: memberFixture,
      path: '/?author=uid-meera&name=Meera%20Iyer',
    });
    await screen.findByRole('article', { name: 'Meera 7' });
    expect(titles()).toEqual(['Meera 7', 'Meera 6', 'Meera 5', 'Meera 4', 'Meera 3']);
    await goToPage(2);
    await screen.findByRole('article', { name: 'Meera 2' });
    expect(titles()).toEqual(['Meera 2', 'Meera 1']);
  });
});

describe('FeedScreen states', () => {
  it("starts a member's home with Today, then the feed; a visitor's with the feed", async () => {
    const view = renderFeed(<FeedScreen />, { user: memberFixture });
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(
      today.compareDocumentPosition(feedSection()) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    // No challenge running: a short line and the way into creating one.
    expect(await within(today).findByText(/No challenge is running/)).toBeInTheDocument();
    expect(within(today).getByRole('region', { name: 'Start a challenge' })).toBeInTheDocument();
    view.unmount();
    renderFeed(<FeedScreen />, { user: null });
    await screen.findByText('No challenges yet');
    expect(screen.queryByRole('region', { name: 'Today' })).not.toBeInTheDocument();
  });

  it('announces loading, then an empty state', async () => {
    renderFeed(<FeedScreen />, { user: memberFixture });
    expect(within(feedSection()).getByRole('status')).toHaveTextContent('Loading challenges…');
    expect(await screen.findByText('No challenges yet')).toBeInTheDocument();
  });

  it('shows an error with a retry that reads again', async () => {
    failReadsAt('feed');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp(<FeedScreen />, { user: memberFixture });
    expect(await screen.findByText(/Challenges could not be loaded/)).toBeInTheDocument();
    allowReadsAt('feed');
    await writePaths({ 'feed/c1': entry() });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Seven day lean' })).toBeInTheDocument();
  });
});
