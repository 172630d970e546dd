import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readStored, storageKeys } from '@/lib/browser-storage';
import { toastError, toastSuccess } from '@/lib/toast';
import {
  failNextWrite,
  readLog,
  resetFakeDatabase,
  valueAt,
  writeLog,
} from '@/testing/fake-database';
import { memberFixture, renderApp } from '@/testing/render-app';
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

const user = (uid: string, name: string, createdAt: number) => ({
  info: {
    uid,
    displayName: name,
    photoURL: '',
    joinAt: '2026-01-01 10:00:00',
    createdAt,
    score: createdAt,
  },
  private: { email: `${uid}@example.com`, emailVerified: true },
});

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  resetFakeDatabase({
    users: {
      'uid-old': user('uid-old', 'Old Member', 1),
      'uid-new': user('uid-new', 'New Member', 2),
    },
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
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(readLog).toEqual([]);
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
    const settings = await screen.findByRole('region', { name: 'Website settings' });
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
    expect(valueAt('website/banner/val')).toBe('Keto Vegan Bulk');
  });

  it('saves only https social links', async () => {
    renderApp(<AdminPage />, { user: admin, path: '/admin-x' });
    const youtube = await screen.findByLabelText('YouTube');
    await userEvent.type(youtube, 'javascript:alert(1)');
    await userEvent.click(screen.getByRole('button', { name: 'Save social links' }));
    expect(await screen.findByText('Must be an https link')).toBeInTheDocument();
    expect(writeLog).toHaveLength(0);
    await userEvent.clear(youtube);
    await userEvent.type(youtube, 'https://youtube.com/@challangex');
    await userEvent.click(screen.getByRole('button', { name: 'Save social links' }));
    await waitFor(() =>
      expect(toastSuccess).toHaveBeenCalledWith('Social links updated successfully', 1500),
    );
    expect(valueAt('website/social-link')).toEqual({
      facebook: '',
      twitter: '',
      linkedin: '',
      github: 'https://github.com/challangex',
      youtube: 'https://youtube.com/@challangex',
    });
  });

  it('pages the user list newest first, 10 at a time, with next and previous', async () => {
    resetFakeDatabase({
      users: Object.fromEntries(
        Array.from({ length: 23 }, (_, i) => [
          `uid-${i + 1}`,
          user(`uid-${i + 1}`, `Member ${i + 1}`, i + 1),
        ]),
      ),
    });
    renderApp(<AdminPage />, { user: admin, path: '/admin-x' });
    const box = screen.getByRole('region', { name: /^User List/ });
    await within(box).findAllByRole('listitem');
    const page = () => names(box, /^Member \d+$/);
    expect(page()).toEqual(Array.from({ length: 10 }, (_, i) => `Member ${23 - i}`));
    expect(screen.getByRole('button', { name: 'Previous page of users' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next page of users' }));
    await waitFor(() => expect(page()[0]).toBe('Member 13'));
    expect(page()).toEqual(Array.from({ length: 10 }, (_, i) => `Member ${13 - i}`));
    await userEvent.click(screen.getByRole('button', { name: 'Next page of users' }));
    await waitFor(() => expect(page()).toEqual(['Member 3', 'Member 2', 'Member 1']));
    expect(screen.getByRole('button', { name: 'Next page of users' })).toBeDisabled();
    expect(screen.getByText('Page 3')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Previous page of users' }));
    await waitFor(() => expect(page()[0]).toBe('Member 13'));
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
    const messages = await screen.findByRole('region', { name: 'Contact messages' });
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
    failNextWrite();
    await userEvent.click(screen.getByRole('button', { name: 'Save banner' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('The banner could not be saved'));
  });
});
