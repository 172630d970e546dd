import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readStored, storageKeys } from '@/lib/device-storage';
import { callApi } from '@/services/api-client';
import { toastError, toastSuccess } from '@/lib/toast';
import { readLog, resetFakeDatabase, valueAt, writeLog } from '@/testing/fake-database';
import { memberFixture, renderApp } from '@/testing/render-app';
import type { AdminMemberRow } from '@domain/site/moderation-records';
import type { ProofQueueRow } from '@domain/challenges/proof-review';
import { askModerationReason } from '../lib/ask-reason';
import { AdminPage } from './admin-page';

/** `count` rows named by number, the newest (highest number) created last. */
function numbered<T>(count: number, make: (n: number) => T): Record<string, T> {
  return Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i + 1}`, make(i + 1)]));
}

const names = (box: HTMLElement, pattern: RegExp) =>
  within(box)
    .getAllByRole('listitem')
    .map((row) => within(row).getByText(pattern).textContent);

vi.mock('@/services/database', () => import('@/testing/fake-database'));

/** The admin API as the page sees it: members paged 20 at a time and filtered like the server. */
const api = vi.hoisted(() => ({
  members: [] as AdminMemberRow[],
  proofs: [] as ProofQueueRow[],
  calls: [] as Array<{ path: string; body: unknown }>,
}));
vi.mock('@/services/api-client', () => ({
  callApi: vi.fn(async (path: string, body?: unknown) => {
    api.calls.push({ path, body });
    const url = new URL(path, 'http://app.test');
    if (url.pathname === '/api/admin/members') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const page = Number(url.searchParams.get('page'));
      const found = api.members.filter(
        (m) => m.email.includes(q) || m.displayName.toLowerCase().includes(q),
      );
      return {
        members: found.slice((page - 1) * 20, page * 20),
        page,
        pageCount: Math.max(1, Math.ceil(found.length / 20)),
        total: found.length,
        truncated: false,
      };
    }
    if (url.pathname === '/api/admin/challenges/hidden') return { challenges: [] };
    if (url.pathname === '/api/admin/proofs') return { proofs: api.proofs };
    return {};
  }),
}));
vi.mock('../lib/ask-reason', () => ({ askModerationReason: vi.fn(async () => 'Spam') }));
vi.mock('@/services/saved-session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/services/saved-session')>()),
  memberIdToken: vi.fn(async () => 'admin-id-token'),
}));

/**
 * The API's proof photo routes (GET /api/admin/proofs/:key/photo, /earlier-photo), fetched with the admin's
 * token: each answers a 1-byte (flagged) or 2-byte (earlier) image, or 404 when listed in `gone`.
 */
function servePhotos(gone: string[] = []) {
  const requests: Array<{ url: string; authorization: string | null }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push({ url, authorization: new Headers(init?.headers).get('authorization') });
      const route = url.split('/').at(-1)!;
      if (gone.includes(route))
        return new Response('{"error":"This photo is gone"}', { status: 404 });
      const bytes = route === 'photo' ? [0xff] : [0xff, 0xd8];
      return new Response(new Uint8Array(bytes), { headers: { 'content-type': 'image/jpeg' } });
    }),
  );
  return requests;
}
// jsdom has no object URLs: name each photo by its size.
Object.assign(URL, {
  createObjectURL: (blob: Blob) => (blob.size === 1 ? 'blob:flagged' : 'blob:earlier'),
  revokeObjectURL: () => {},
});
afterEach(() => {
  vi.unstubAllGlobals();
});
// Partial mock: the real TOAST_SAVED_MS stays, so the 1.5 s assertions below check the app's constant.
vi.mock('@/lib/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/toast')>()),
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
  toastInfo: vi.fn(),
}));

const admin = {
  ...memberFixture,
  uid: 'uid-admin',
  email: 'admin@challangex.dev',
  displayName: 'Admin',
  isAdmin: true,
};
const member = memberFixture;

const account = (uid: string, name: string, createdAt: number): AdminMemberRow => ({
  uid,
  email: `${uid}@example.com`,
  displayName: name,
  photoURL: '',
  disabled: false,
  admin: false,
  createdAt,
});

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  api.calls = [];
  api.proofs = [];
  api.members = [account('uid-new', 'New Member', 2), account('uid-old', 'Old Member', 1)];
  resetFakeDatabase({
    website: {
      banner: { val: 'Bulk Lean' },
      'social-link': { github: 'https://github.com/challangex' },
      subscribers: { s1: { email: 'fan@example.com', createdAt: 5 } },
      contact: {
        c1: {
          name: 'Ravi',
          email: 'ravi@example.com',
          reason: 'Feedback',
          message: 'Hello',
          createdAt: 6,
        },
      },
    },
  });
});

describe('AdminPage', () => {
  it('shows a non-admin a clear not-authorised state and reads nothing', async () => {
    renderApp(<AdminPage />, { user: member, path: '/admin-x' });
    expect(screen.getByRole('heading', { name: 'Admin-X', level: 1 })).toBeInTheDocument();
    // 'Home / Admin-X': Bootstrap draws the slash between the two items.
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole(
      'listitem',
    );
    expect(crumbs.map((crumb) => crumb.textContent)).toEqual(['Home', 'Admin-X']);
    expect(screen.getByRole('alert')).toHaveTextContent('You are not authorised to view this page');
    expect(screen.queryByRole('region', { name: /User List/ })).not.toBeInTheDocument();
    // The page's reads start in its effects, which render() has run by now: no wait stands in for them.
    expect(readLog).toEqual([]);
    expect(api.calls).toEqual([]);
  });

  it('starts an admin’s reads by the same point, so the check above would see them', () => {
    const view = renderApp(<AdminPage />, { user: admin, path: '/admin-x' });
    expect(readLog).toContain('moderation/audit');
    expect(api.calls.map(({ path }) => new URL(path, 'http://app.test').pathname)).toContain(
      '/api/admin/members',
    );
    view.unmount();
  });

  it('lists users newest first in a 300 px box, each with an edit action', async () => {
    const { router } = renderApp(<AdminPage />, {
      user: admin,
      path: '/admin-x',
      routes: [{ path: '/profile/:profileName/:uid', element: <h1>Profile screen</h1> }],
    });
    const box = screen.getByRole('region', { name: /^User List/ });
    expect(box).toHaveClass('admin-scroll-box');
    const rows = await within(box).findAllByRole('listitem');
    expect(rows.map((row) => within(row).getByText(/Member$/).textContent)).toEqual([
      'New Member',
      'Old Member',
    ]);
    expect(rows[0]).toHaveTextContent('uid-new@example.com');
    await userEvent.click(within(rows[1]).getByRole('button', { name: 'Edit Old Member' }));
    expect(router.state.location.pathname).toBe('/profile/Old%20Member/uid-old');
    expect(readStored(storageKeys.loadProfile)).toBe('uid-old');
  });

  it('shows the website settings as key and value, plus subscribers and contact messages', async () => {
    renderApp(<AdminPage />, { user: admin, path: '/admin-x' });
    // The settings arrive as a transition, which a busy machine can hold back past findBy's default second.
    const settings = await screen.findByRole(
      'region',
      { name: 'Website settings' },
      { timeout: 5000 },
    );
    const rows = within(settings)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'banner/valBulk Lean',
      'social-link/githubhttps://github.com/challangex',
    ]);
    // Each list loads its own page.
    await waitFor(() =>
      expect(screen.getByRole('region', { name: /^Subscribers/ })).toHaveTextContent(
        'fan@example.com',
      ),
    );
    await waitFor(() =>
      expect(screen.getByRole('region', { name: /^Contact messages/ })).toHaveTextContent(
        'Ravi <ravi@example.com>',
      ),
    );
  });

  it('lets an admin change the banner', async () => {
    renderApp(<AdminPage />, { user: admin, path: '/admin-x' });
    const input = await screen.findByLabelText('Topic words, separated by spaces');
    expect(input).toHaveValue('Bulk Lean');
    await userEvent.clear(input);
    await userEvent.type(input, 'Keto Vegan Bulk');
    await userEvent.click(screen.getByRole('button', { name: 'Save banner' }));
    await waitFor(() =>
      expect(toastSuccess).toHaveBeenCalledWith('Your work has been saved', 1500),
    );
    // Through the audited API, never a write from the browser.
    expect(api.calls).toContainEqual({
      path: '/api/admin/website/banner',
      body: { val: 'Keto Vegan Bulk' },
    });
    expect(valueAt('website/banner/val')).toBe('Bulk Lean');
  });

  it("saves only https links on each network's own site", async () => {
    renderApp(<AdminPage />, { user: admin, path: '/admin-x' });
    const youtube = await screen.findByLabelText('YouTube');
    await userEvent.type(youtube, 'javascript:alert(1)');
    await userEvent.click(screen.getByRole('button', { name: 'Save social links' }));
    expect(await screen.findByText('Must be an https link on youtube.com')).toBeInTheDocument();
    await userEvent.clear(youtube);
    await userEvent.type(youtube, 'https://evil.example/@challangex');
    await userEvent.click(screen.getByRole('button', { name: 'Save social links' }));
    expect(await screen.findByText('Must be an https link on youtube.com')).toBeInTheDocument();
    expect(api.calls.filter(({ path }) => path.startsWith('/api/admin/website'))).toEqual([]);
    expect(writeLog).toHaveLength(0);
    await userEvent.clear(youtube);
    await userEvent.type(youtube, 'https://youtube.com/@challangex');
    await userEvent.click(screen.getByRole('button', { name: 'Save social links' }));
    await waitFor(() =>
      expect(toastSuccess).toHaveBeenCalledWith('Social links updated successfully', 1500),
    );
    expect(api.calls).toContainEqual({
      path: '/api/admin/website/social-links',
      body: {
        facebook: '',
        twitter: '',
        linkedin: '',
        github: 'https://github.com/challangex',
        youtube: 'https://youtube.com/@challangex',
      },
    });
    expect(writeLog).toHaveLength(0);
  });

  it('pages the user list newest first with its page count, and searches by name or email', async () => {
    api.members = Array.from({ length: 23 }, (_, i) =>
      account(`uid-${23 - i}`, `Member ${23 - i}`, 23 - i),
    );
    renderApp(<AdminPage />, { user: admin, path: '/admin-x' });
    const box = screen.getByRole('region', { name: /^User List/ });
    await within(box).findAllByRole('listitem');
    const page = () => names(box, /^Member \d+$/);
    expect(page()).toEqual(Array.from({ length: 20 }, (_, i) => `Member ${23 - i}`));
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByText('23 members')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page of users' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next page of users' }));
    await waitFor(() => expect(page()).toEqual(['Member 3', 'Member 2', 'Member 1']));
    expect(screen.getByRole('button', { name: 'Next page of users' })).toBeDisabled();

    await userEvent.type(screen.getByLabelText('Search members by name or email'), 'member 1');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(screen.getByText(/11 members matching “member 1”/)).toBeInTheDocument(),
    );
    expect(screen.queryByRole('navigation', { name: 'Pages of users' })).toBeNull();
    expect(api.calls.at(-1)?.path).toBe('/api/admin/members?q=member+1&page=1');
  });

  it('disables a member with a reason through the API, then reloads the list and the audit log', async () => {
    resetFakeDatabase({
      feed: {},
      moderation: {
        audit: {
          a1: {
            at: 5,
            action: 'enable-member',
            actor: { uid: 'uid-admin', email: 'admin@challangex.dev' },
            target: { uid: 'uid-old', label: 'uid-old@example.com' },
            reason: '',
          },
        },
      },
    });
    renderApp(<AdminPage />, { user: admin, path: '/admin-x' });
    const audit = await screen.findByRole('region', { name: 'Audit log' });
    await waitFor(() =>
      expect(audit).toHaveTextContent('admin@challangex.dev enabled a member: uid-old@example.com'),
    );
    const box = screen.getByRole('region', { name: /^User List/ });
    await userEvent.click(await within(box).findByRole('button', { name: 'Disable Old Member' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Old Member is disabled'));
    expect(askModerationReason).toHaveBeenCalledOnce();
    expect(api.calls).toContainEqual({
      path: '/api/admin/members/uid-old/disable',
      body: { reason: 'Spam' },
    });
    // The list asks again after the action.
    await waitFor(() =>
      expect(api.calls.filter((call) => call.path.startsWith('/api/admin/members?'))).toHaveLength(
        2,
      ),
    );
    expect(within(box).queryByRole('button', { name: `Disable ${admin.displayName}` })).toBeNull();
  });

  it('hides a challenge of the feed, naming its owner to the API', async () => {
    resetFakeDatabase({
      feed: {
        'c-1': {
          uid: 'uid-old',
          title: 'Spam week',
          day: 3,
          preference: 'veg',
          targetBody: 'Lean',
          displayName: 'Old Member',
          photoURL: '',
          cover: '',
          createdAt: 3,
        },
      },
    });
    renderApp(<AdminPage />, { user: admin, path: '/admin-x' });
    const feed = await screen.findByRole('region', { name: 'Challenges in the feed' });
    await userEvent.click(await within(feed).findByRole('button', { name: 'Hide Spam week' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('“Spam week” is hidden'));
    expect(api.calls).toContainEqual({
      path: '/api/admin/challenges/c-1/hide',
      body: { ownerId: 'uid-old', reason: 'Spam' },
    });
    expect(screen.getByRole('region', { name: 'Hidden challenges' })).toHaveTextContent(
      'No hidden challenges.',
    );
    expect(document.title).toBe('Admin-X · ChallangeX');
  });

  it('pages contact messages and subscribers, and never reads the whole website tree', async () => {
    resetFakeDatabase({
      website: {
        banner: { val: 'Bulk' },
        contact: numbered(12, (n) => ({
          name: `Sender ${n}`,
          email: `s${n}@example.com`,
          createdAt: n,
        })),
        subscribers: numbered(3, (n) => ({ email: `reader${n}@example.com`, createdAt: n })),
      },
    });
    renderApp(<AdminPage />, { user: admin, path: '/admin-x' });
    const messages = await screen.findByRole(
      'region',
      { name: 'Contact messages' },
      { timeout: 5000 },
    );
    await within(messages).findAllByRole('listitem');
    expect(names(messages, /^Sender/)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Sender ${12 - i} <s${12 - i}@example.com>`),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next page of messages' }));
    await waitFor(() =>
      expect(names(messages, /^Sender/)).toEqual([
        'Sender 2 <s2@example.com>',
        'Sender 1 <s1@example.com>',
      ]),
    );
    const subscribers = screen.getByRole('region', { name: 'Subscribers' });
    await within(subscribers).findAllByRole('listitem');
    expect(names(subscribers, /@example\.com$/)).toEqual([
      'reader3@example.com',
      'reader2@example.com',
      'reader1@example.com',
    ]);
    // Three subscribers fit one page: no page buttons.
    expect(screen.queryByRole('navigation', { name: 'Pages of subscribers' })).toBeNull();
    expect(readLog).toContain('website/contact');
    expect(readLog).not.toContain('website');
  });

  it('reports a refused save', async () => {
    renderApp(<AdminPage />, { user: admin, path: '/admin-x' });
    const input = await screen.findByLabelText('Topic words, separated by spaces');
    await userEvent.type(input, ' Keto');
    vi.mocked(callApi).mockRejectedValueOnce(new Error('Only administrators may do this'));
    await userEvent.click(screen.getByRole('button', { name: 'Save banner' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('The banner could not be saved'));
  });

  it('shows a flagged proof beside the earlier photo it matches, with Approve and Reject (a reason required)', async () => {
    const HOUR = 3_600_000;
    api.proofs = [
      {
        key: '000001764000000000~uid-zoya~-Nchallenge000000002~1~lunch',
        uid: 'uid-zoya',
        challengeId: '-Nchallenge000000002',
        day: 1,
        slot: 'lunch',
        imgPath: 'Challenge/uid-zoya/-Nchallenge000000002/Day1-lunch.jpg',
        img: 'https://firebasestorage.googleapis.com/v0/b/demo/o/zoya.jpg?alt=media&token=z',
        reasons: ['duplicate', 'capture-time'],
        match: {
          uid: 'uid-kabir',
          challengeId: '-Nchallenge000000001',
          day: 1,
          slot: 'lunch',
          imgPath: 'Challenge/uid-kabir/-Nchallenge000000001/Day1-lunch.jpg',
        },
        matchImg: 'https://firebasestorage.googleapis.com/v0/b/demo/o/kabir.jpg?alt=media&token=k',
        matchDisplayName: 'Kabir',
        capturedAt: 1_764_000_000_000 - 30 * HOUR,
        opensAt: 1_764_000_000_000,
        closesAt: 1_764_000_000_000 + 3 * HOUR,
        at: 1_764_000_000_000 + HOUR,
        displayName: 'Zoya',
        mealName: 'Dal and rice',
      },
    ];
    const photoRequests = servePhotos();
    renderApp(<AdminPage />, { user: admin, path: '/admin-x' });
    const queue = await screen.findByRole('region', { name: 'Flagged proofs' });
    const card = await within(queue).findByRole('article', {
      name: 'Flagged proof: Zoya, Day 1 lunch',
    });
    // Both photos come from the API with the admin's token, never from Storage or the listed URLs.
    expect(
      await within(card).findByRole('img', { name: 'Flagged proof of Day 1 lunch by Zoya' }),
    ).toHaveAttribute('src', 'blob:flagged');
    expect(
      await within(card).findByRole('img', { name: 'Earlier proof of Day 1 lunch by Kabir' }),
    ).toHaveAttribute('src', 'blob:earlier');
    const key = encodeURIComponent(api.proofs[0].key);
    expect(photoRequests).toEqual(
      expect.arrayContaining([
        { url: `/api/admin/proofs/${key}/photo`, authorization: 'Bearer admin-id-token' },
        { url: `/api/admin/proofs/${key}/earlier-photo`, authorization: 'Bearer admin-id-token' },
      ]),
    );
    expect(card).toHaveTextContent('Looks like an earlier proof');
    expect(card).toHaveTextContent(/Taken far from the meal’s window: taken .+, window .+ to .+/);
    const reject = within(card).getByRole('button', { name: 'Reject' });
    expect(reject).toBeDisabled();
    await userEvent.type(
      within(card).getByLabelText('Reason for rejecting (the member reads it)'),
      'Same photo as another member',
    );
    await userEvent.click(reject);
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        path: `/api/admin/proofs/${encodeURIComponent(api.proofs[0].key)}/reject`,
        body: { reason: 'Same photo as another member' },
      }),
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        path: `/api/admin/proofs/${encodeURIComponent(api.proofs[0].key)}/approve`,
        body: {},
      }),
    );
    expect(toastSuccess).toHaveBeenCalledWith('The proof is approved: its points count');
  });

  it('says when the earlier photo is gone (the API answers 404)', async () => {
    servePhotos(['earlier-photo']);
    api.proofs = [
      {
        key: '000001764000000000~uid-zoya~-Nchallenge000000002~1~lunch',
        uid: 'uid-zoya',
        challengeId: '-Nchallenge000000002',
        day: 1,
        slot: 'lunch',
        imgPath: 'Challenge/uid-zoya/-Nchallenge000000002/Day1-lunch.jpg',
        img: '',
        reasons: ['duplicate'],
        match: { uid: 'uid-kabir', challengeId: '-Nchallenge000000001', day: 1, slot: 'lunch' },
        opensAt: 1_764_000_000_000,
        closesAt: 1_764_000_000_000 + 3_600_000,
        at: 1_764_000_000_000,
        displayName: 'Zoya',
        mealName: 'Dal and rice',
      },
    ];
    renderApp(<AdminPage />, { user: admin, path: '/admin-x' });
    const card = await screen.findByRole('article', { name: 'Flagged proof: Zoya, Day 1 lunch' });
    expect(await within(card).findByText('The earlier photo is gone.')).toBeInTheDocument();
    expect(
      within(card).getByRole('img', { name: 'Flagged proof of Day 1 lunch by Zoya' }),
    ).toHaveAttribute('src', 'blob:flagged');
  });

  it('names the reasons members gave when their reports flagged a proof', async () => {
    const at = 1_764_000_000_000;
    api.proofs = [
      {
        key: '000001764000000000~uid-ravi~-Nchallenge000000003~2~dinner',
        uid: 'uid-ravi',
        challengeId: '-Nchallenge000000003',
        day: 2,
        slot: 'dinner',
        imgPath: 'Challenge/uid-ravi/-Nchallenge000000003/Day2-dinner.jpg',
        img: 'https://firebasestorage.googleapis.com/v0/b/demo/o/ravi.jpg?alt=media&token=r',
        reasons: ['reported'],
        reports: [
          { fromUid: 'uid-a', reason: 'not-a-meal', at },
          { fromUid: 'uid-b', reason: 'someone-elses-photo', at },
          { fromUid: 'uid-c', reason: 'not-a-meal', at },
        ],
        opensAt: at,
        closesAt: at + 3 * 3_600_000,
        at,
        displayName: 'Ravi',
        mealName: 'Paneer tikka',
      },
    ];
    renderApp(<AdminPage />, { user: admin, path: '/admin-x' });
    const card = await screen.findByRole('article', { name: 'Flagged proof: Ravi, Day 2 dinner' });
    expect(card).toHaveTextContent(
      'Reported by members of its group: Not a meal, Someone else’s photo, Not a meal',
    );
  });

  it('says when no proof is waiting for review', async () => {
    renderApp(<AdminPage />, { user: admin, path: '/admin-x' });
    expect(await screen.findByText('No proofs are waiting for review.')).toBeInTheDocument();
  });
});
