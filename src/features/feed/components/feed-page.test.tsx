import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FeedEntry } from '../../../domain/challenge-record';
import { readStored, storageKeys } from '../../../lib/browser-storage';
import type { ChildQuery } from '../../../services/database';
import { memberFixture, renderApp } from '../../../testing/render-app';
import { FeedPage } from './feed-page';

type Row = { key: string; value: FeedEntry };
type Listener = {
  spec: ChildQuery;
  onChange: (rows: Row[]) => void;
  onError?: (error: Error) => void;
};

const database = vi.hoisted(() => ({
  feed: new Map<string, FeedEntry>(),
  listeners: new Set<Listener>(),
  failReads: false,
}));

/** RTDB's ordering and windowing for one child query, enough to page feed/ like the server does. */
function runQuery(spec: ChildQuery): Row[] {
  const orderValue = (row: Row) =>
    (row.value as unknown as Record<string, unknown>)[spec.orderBy] as string | number;
  const compare = (a: [string | number, string], b: [string | number, string]) =>
    a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;
  let rows = [...database.feed].map(([key, value]) => ({ key, value }));
  rows.sort((a, b) => compare([orderValue(a), a.key], [orderValue(b), b.key]));
  if (spec.equalTo !== undefined) rows = rows.filter((row) => orderValue(row) === spec.equalTo);
  if (spec.startAt) {
    const [value, key = ''] = spec.startAt as [string | number, string?];
    rows = rows.filter((row) => compare([orderValue(row), row.key], [value, key]) >= 0);
  }
  if (spec.endBefore) {
    const [value, key = '\uffff'] = spec.endBefore as [string | number, string?];
    rows = rows.filter((row) => compare([orderValue(row), row.key], [value, key]) < 0);
  }
  if (spec.limitToLast !== undefined) rows = rows.slice(-spec.limitToLast);
  return rows;
}

vi.mock('../../../services/database', () => ({
  watchChildren: (
    _path: string,
    spec: ChildQuery,
    onChange: Listener['onChange'],
    onError?: Listener['onError'],
  ) => {
    const listener = { spec, onChange, onError };
    database.listeners.add(listener);
    queueMicrotask(() => {
      if (database.failReads) onError?.(new Error('permission_denied'));
      else onChange(runQuery(spec));
    });
    return () => database.listeners.delete(listener);
  },
  writePaths: vi.fn(() => Promise.resolve()),
  SERVER_TIME: { '.sv': 'timestamp' },
}));
vi.mock('../../../services/api-client', () => ({ callApi: vi.fn(() => Promise.resolve({})) }));
vi.mock('../../../lib/toast', () => ({
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
    database.feed.set(
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

beforeEach(() => {
  database.feed.clear();
  database.listeners.clear();
  database.failReads = false;
  localStorage.clear();
});

describe('FeedPage cards', () => {
  it('shows SPEC’s card fields: cover, title, author link, days, times, preference in capitals', async () => {
    database.feed.set('c1', entry({ updatedAt: new Date(2026, 10, 22, 18, 30).getTime() }));
    renderApp(<FeedPage />, { user: memberFixture });

    const card = (await screen.findByRole('article', { name: 'Seven day lean' })) as HTMLElement;
    expect(within(card).getByRole('link', { name: 'Ravi Kumar' })).toHaveAttribute(
      'href',
      '/profile/Ravi%20Kumar',
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
    database.feed.set('c1', entry());
    renderApp(<FeedPage />, { user: memberFixture });
    await screen.findByRole('article', { name: 'Seven day lean' });
    expect(screen.queryByText(/^Updated/)).not.toBeInTheDocument();
  });

  it('renders only https (or app-shipped) images, never javascript: or plain http', async () => {
    database.feed.set(
      'c1',
      entry({
        title: 'Script cover',
        cover: 'javascript:alert(1)',
        photoURL: 'javascript:alert(2)',
      }),
    );
    database.feed.set(
      'c2',
      entry({ title: 'Http cover', cover: 'http://evil.example/a.jpg', createdAt: CREATED + 1 }),
    );
    database.feed.set(
      'c3',
      entry({
        title: 'Https cover',
        cover: 'https://cdn.example/a.jpg',
        photoURL: 'https://cdn.example/me.png',
        createdAt: CREATED + 2,
      }),
    );
    const { container } = renderApp(<FeedPage />, { user: memberFixture });
    await screen.findByRole('article', { name: 'Https cover' });
    const sources = [...container.querySelectorAll('img')].map((image) =>
      image.getAttribute('src'),
    );
    expect(sources).toEqual(['https://cdn.example/a.jpg', 'https://cdn.example/me.png']);
  });

  it('Open Challenge stores the challenge and owner ids and goes to challange/{slug}', async () => {
    database.feed.set('c1', entry({ title: 'Bulk & Strong!' }));
    const { router } = renderApp(<FeedPage />, {
      user: memberFixture,
      routes: [{ path: '/challange/:postName', element: <p>challenge page</p> }],
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Open Challenge Bulk & Strong!' }),
    );
    expect(router.state.location.pathname).toBe('/challange/bulk-strong');
    expect(readStored(storageKeys.currentChallenge)).toBe('c1');
    expect(readStored(storageKeys.currentId)).toBe('uid-ravi');
  });

  it('shows Edit, Delete and Regenerate meals only on the member’s own challenges', async () => {
    database.feed.set(
      'mine',
      entry({ title: 'Mine', uid: memberFixture.uid, displayName: 'Asha Rao' }),
    );
    database.feed.set('theirs', entry({ title: 'Theirs', createdAt: CREATED + 1 }));
    renderApp(<FeedPage />, { user: memberFixture });

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
    database.feed.set('c1', entry({ uid: memberFixture.uid }));
    renderApp(<FeedPage />, { user: null });
    await screen.findByRole('article', { name: 'Seven day lean' });
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  });
});

describe('FeedPage pagination', () => {
  it('pages a member through 12 challenges newest first: 5, 5, 2', async () => {
    seedTwelve();
    renderApp(<FeedPage />, { user: memberFixture });

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
    renderApp(<FeedPage />, { user: memberFixture });
    await screen.findByRole('article', { name: 'Challenge 12' });
    await goToPage(2);
    await screen.findByRole('article', { name: 'Challenge 7' });
    const [listener] = [...database.listeners];
    expect(listener.spec).toEqual({
      orderBy: 'createdAt',
      limitToLast: 6,
      endBefore: [CREATED + 8 * 60_000, 'c08'],
    });
  });

  it('shows visitors the newest five with no page links', async () => {
    seedTwelve();
    renderApp(<FeedPage />, { user: null });
    await screen.findByRole('article', { name: 'Challenge 12' });
    expect(titles()).toHaveLength(5);
    expect(screen.queryByRole('navigation', { name: 'Feed pages' })).not.toBeInTheDocument();
  });

  it('hides page links when everything fits on one page', async () => {
    database.feed.set('c1', entry());
    renderApp(<FeedPage />, { user: memberFixture });
    await screen.findByRole('article', { name: 'Seven day lean' });
    expect(screen.queryByRole('navigation', { name: 'Feed pages' })).not.toBeInTheDocument();
  });

  it('updates the page live when a new challenge arrives', async () => {
    database.feed.set('c1', entry());
    renderApp(<FeedPage />, { user: memberFixture });
    await screen.findByRole('article', { name: 'Seven day lean' });
    database.feed.set('c2', entry({ title: 'Fresh one', createdAt: CREATED + 1 }));
    act(() => {
      for (const listener of database.listeners) listener.onChange(runQuery(listener.spec));
    });
    expect(titles()).toEqual(['Fresh one', 'Seven day lean']);
  });
});

describe('FeedPage author filter', () => {
  it('shows one author’s challenges after choosing them, and all again from page 1 when cleared', async () => {
    seedTwelve();
    renderApp(<FeedPage />, { user: memberFixture });
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
      database.feed.set(
        `m${index}`,
        entry({
          uid: 'uid-meera',
          displayName: 'Meera Iyer',
          title: `Meera ${index}`,
          createdAt: CREATED + index,
        }),
      );
    }
    database.feed.set('other', entry({ title: 'Other author', createdAt: CREATED + 100 }));
    renderApp(<FeedPage />, { user: memberFixture, path: '/?author=uid-meera&name=Meera%20Iyer' });
    await screen.findByRole('article', { name: 'Meera 7' });
    expect(titles()).toEqual(['Meera 7', 'Meera 6', 'Meera 5', 'Meera 4', 'Meera 3']);
    await goToPage(2);
    await screen.findByRole('article', { name: 'Meera 2' });
    expect(titles()).toEqual(['Meera 2', 'Meera 1']);
  });
});

describe('FeedPage states', () => {
  it('announces loading, then an empty state', async () => {
    renderApp(<FeedPage />, { user: memberFixture });
    expect(screen.getByRole('status')).toHaveTextContent('Loading challenges…');
    expect(await screen.findByText('No challenges yet')).toBeInTheDocument();
  });

  it('shows an error with a retry that reads again', async () => {
    database.failReads = true;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp(<FeedPage />, { user: memberFixture });
    expect(await screen.findByText(/Challenges could not be loaded/)).toBeInTheDocument();
    database.failReads = false;
    database.feed.set('c1', entry());
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Seven day lean' })).toBeInTheDocument();
  });
});
