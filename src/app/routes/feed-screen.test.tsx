import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FeedEntry } from '@/domain/challenge-record';
import { readStored, storageKeys } from '@/lib/browser-storage';
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
  userEvent.click(screen.getByRole('button', { name: `Page ${number}` }));

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
    expect(within(card).getByText('Created 9:05 AM Nov 21, 2026')).toBeInTheDocument();
    expect(within(card).getByText('Updated 6:30 PM Nov 22, 2026')).toBeInTheDocument();
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
    const sources = [...container.querySelectorAll('img')].map((image) =>
      image.getAttribute('src'),
    );
    expect(sources).toEqual(['https://cdn.example/a.jpg', 'https://cdn.example/me.png']);
  });

  it('Open Challenge stores the challenge and owner ids and goes to challange/{slug}/{owner}/{id}', async () => {
    feed.set('c1', entry({ title: 'Bulk & Strong!' }));
    const { router } = renderFeed(<FeedScreen />, {
      user: memberFixture,
      routes: [
        { path: '/challange/:postName/:ownerId/:challengeId', element: <p>challenge page</p> },
      ],
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Open Challenge Bulk & Strong!' }),
    );
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
    expect(queryLog.at(-1)).toEqual({
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
    await waitFor(() => expect(titles()[0]).toBe('Challenge 12'));
    expect(titles()).toHaveLength(5);
    expect(screen.queryByText(/Showing challenges by/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Page 1')).toHaveAttribute('aria-current', 'page');
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
  it('announces loading, then an empty state', async () => {
    renderFeed(<FeedScreen />, { user: memberFixture });
    expect(screen.getByRole('status')).toHaveTextContent('Loading challenges…');
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
