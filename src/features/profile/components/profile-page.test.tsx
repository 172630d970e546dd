import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storageKeys, writeStored } from '@/lib/device-storage';
import { readLog, resetFakeDatabase, writePaths } from '@/testing/fake-database';
import { memberFixture, renderApp } from '@/testing/render-app';
import { ProfilePage } from './profile-page';
import { controlIntersections } from '@/testing/intersection-control';

vi.mock('@/services/database', () => import('@/testing/fake-database'));
vi.mock('@/lib/toast', () => ({
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
  toastInfo: vi.fn(),
}));

const owner = memberFixture;
const visitorMember = {
  ...memberFixture,
  uid: 'uid-vikram',
  email: 'vikram@example.com',
  displayName: 'Vikram Singh',
};

const localDate = (daysAgo: number) => {
  const at = new Date();
  at.setDate(at.getDate() - daysAgo);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
};
const today = localDate(0);
const yesterday = localDate(1);
const dayLabel = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  resetFakeDatabase({
    users: {
      [owner.uid]: {
        info: {
          uid: owner.uid,
          displayName: 'Asha Rao',
          photoURL: '',
          joinAt: '2026-01-01 10:00:00',
          location: 'Pune',
          preference: 'veg',
          bio: 'Runner.',
          score: 40,
          currentStreak: 3,
          bestStreak: 1,
        },
        glance: {
          challengesCompleted: 2,
          mealsProved: 12,
          mealsPlanned: 15,
          days: { [today]: 2, [yesterday]: 1 },
        },
        weights: { [today]: { kg: 61.5 } },
        private: {
          email: 'asha@example.com',
          emailVerified: true,
          height: 164,
          weight: 62,
          age: 29,
        },
        social: {
          instagram: 'https://www.instagram.com/asha',
          twitter: 'javascript:alert(1)',
          facebook: 'http://facebook.com/asha',
        },
      },
    },
    leaderboard: { all: { [owner.uid]: { points: 40, displayName: 'Asha Rao' } } },
  });
});

const path = `/profile/Asha%20Rao/${owner.uid}`;
const route = '/profile/:profileName/:uid?';

async function renderProfile(user: typeof owner, at = path, state?: object) {
  const view = renderApp(<p>Start</p>, {
    user,
    path: '/start',
    routes: [{ path: route, element: <ProfilePage /> }],
  });
  await act(() => view.router.navigate(at, { state }));
  return view;
}

describe('ProfilePage', () => {
  it('shows the owner their email, body stats, upload and Edit profile', async () => {
    writeStored(storageKeys.loadProfile, owner.uid);
    await renderProfile(owner);
    expect(await screen.findByRole('heading', { name: 'Asha Rao', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('asha@example.com')).toBeInTheDocument();
    // The body stats are read once the profile's info is on screen.
    expect(await screen.findByText('164 cm', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('62 kg')).toBeInTheDocument();
    expect(screen.getByText('29')).toBeInTheDocument();
    expect(screen.getByText('VEG')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload photo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit profile' })).toBeInTheDocument();
  });

  it('welcomes an owner with no challenge yet, and welcomes back one who has made one', async () => {
    const view = await renderProfile(owner);
    expect(
      await screen.findByText(
        'Welcome to ChallangeX, Asha Rao! Start a Challenge to get your first meal plan.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
    view.unmount();
    await writePaths({ [`users/${owner.uid}/info/totalChallenges`]: 2 });
    await renderProfile(owner);
    expect(
      await screen.findByText(
        'Welcome back, Asha Rao! Keep your profile complete to create challenges.',
      ),
    ).toBeInTheDocument();
  });

  it("lists the owner's own challenges under My challenges, active first, then past", async () => {
    const now = Date.now();
    const day = 24 * 60 * 60 * 1000;
    const plan = (title: string, createdAt: number, lastCloses: number, deleted = false) => ({
      title,
      day: 3,
      createdAt,
      deleted,
      isActive: true,
      meals: { Day3: { dinner: { opensAt: lastCloses - 3_600_000, closesAt: lastCloses } } },
    });
    resetFakeDatabase({
      users: {
        [owner.uid]: {
          info: {
            uid: owner.uid,
            displayName: 'Asha Rao',
            joinAt: '2026-01-01 10:00:00',
            score: 123456,
          },
          challenges: {
            older: plan('Spring reset', now - 40 * day, now - 37 * day),
            running: plan('Lean week', now - 30 * day + 1, now + day),
            gone: plan('Deleted plan', now - day, now + 2 * day, true),
          },
        },
      },
    });
    await renderProfile(owner);
    // Dates and numbers as the product shows them (src/lib/format.ts), the stored joinAt text unchanged.
    expect(screen.getByText('Join At', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      '1 Jan 2026',
    );
    expect(
      screen.getByText('Total Score', { selector: 'dt' }).nextElementSibling,
    ).toHaveTextContent('1,23,456');
    const section = await screen.findByRole('region', { name: 'My challenges' });
    expect(section).toHaveAttribute('id', 'my-challenges');
    const links = await within(section).findAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Lean week', 'Spring reset']);
    expect(links[0]).toHaveAttribute('href', `/challange/lean-week/${owner.uid}/running`);
    expect(within(section).getByText('Active')).toBeInTheDocument();
    expect(within(section).queryByText('Deleted plan')).not.toBeInTheDocument();
  });

  it('shows no one else the My challenges section, nor reads it for them', async () => {
    await renderProfile(visitorMember);
    expect(await screen.findByRole('heading', { name: 'Asha Rao', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'My challenges' })).not.toBeInTheDocument();
    expect(readLog.filter((read) => read.endsWith(`${owner.uid}/challenges`))).toEqual([]);
  });

  it('never reads, let alone shows, private fields for another member', async () => {
    writeStored(storageKeys.loadProfile, owner.uid);
    await renderProfile(visitorMember);
    expect(await screen.findByRole('heading', { name: 'Asha Rao', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('asha@example.com')).not.toBeInTheDocument();
    expect(screen.queryByText('164 cm')).not.toBeInTheDocument();
    expect(screen.queryByText('Height')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit profile' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload photo' })).not.toBeInTheDocument();
    expect(readLog).toContain(`users/${owner.uid}/info`);
    expect(readLog.filter((read) => read.includes('private'))).toEqual([]);
  });

  it('shows another member the streak and the profile at a glance, and reads no weight', async () => {
    await renderProfile(visitorMember);
    expect(await screen.findByRole('heading', { name: 'Asha Rao', level: 1 })).toBeInTheDocument();
    const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(fact('Current streak')).toHaveTextContent('3 days');
    expect(fact('Best streak')).toHaveTextContent('1 day');

    const glance = await screen.findByRole('region', { name: 'At a glance' }, { timeout: 5000 });
    expect(await within(glance).findByText('Challenges completed')).toBeInTheDocument();
    expect(within(glance).getByText('12 of 15 meals proved (80%)')).toBeInTheDocument();
    const calendar = within(glance).getByRole('group', { name: /Meals proved, last 12 weeks/ });
    expect(within(calendar).getAllByRole('img')).toHaveLength(84);
    expect(
      within(calendar).getByRole('img', {
        name: new RegExp(`^${dayLabel(today)} .*: 2 meals proved$`),
      }),
    ).toBeInTheDocument();
    expect(
      within(calendar).getByRole('img', {
        name: new RegExp(`^${dayLabel(yesterday)} .*: 1 meal proved$`),
      }),
    ).toBeInTheDocument();

    expect(readLog).toContain(`users/${owner.uid}/glance`);
    expect(readLog.filter((read) => /weights|private/.test(read))).toEqual([]);
    expect(screen.queryByText(/kg/)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /weight/i })).not.toBeInTheDocument();
  });

  it("draws the glance's calendar only once the glance nears the viewport", async () => {
    const intersections = controlIntersections();
    try {
      await renderProfile(visitorMember);
      const glance = await screen.findByRole('region', { name: 'At a glance' }, { timeout: 5000 });
      expect(await within(glance).findByText('12 of 15 meals proved (80%)')).toBeInTheDocument();
      expect(within(glance).queryByRole('group')).toBeNull();
      intersections.nearAll();
      const calendar = await within(glance).findByRole('group', {
        name: /Meals proved, last 12 weeks/,
      });
      expect(within(calendar).getAllByRole('img')).toHaveLength(84);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('renders only https social links', async () => {
    writeStored(storageKeys.loadProfile, owner.uid);
    await renderProfile(visitorMember);
    const links = within(
      await screen.findByRole('list', { name: 'Asha Rao on social media' }),
    ).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://www.instagram.com/asha',
    ]);
  });

  it('finds any member by the uid in the address, with nothing stored and no public list naming them', async () => {
    resetFakeDatabase({
      users: { 'uid-quiet': { info: { uid: 'uid-quiet', displayName: 'Quiet One', score: 0 } } },
    });
    await renderProfile(visitorMember, '/profile/Quiet%20One/uid-quiet');
    expect(await screen.findByRole('heading', { name: 'Quiet One', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Quiet One · ChallangeX');
    expect(readLog.some((read) => read.startsWith('feed') || read.startsWith('leaderboard'))).toBe(
      false,
    );
  });

  it('replaces an address with an old name by the current one, same uid', async () => {
    const { router } = await renderProfile(visitorMember, `/profile/Asha%20Old/${owner.uid}`);
    expect(await screen.findByRole('heading', { name: 'Asha Rao', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('says so when no member has the uid in the address', async () => {
    await renderProfile(visitorMember, '/profile/Asha%20Rao/uid-nobody');
    expect(await screen.findByText('No member called “Asha Rao” here')).toBeInTheDocument();
    expect(document.title).toBe('Member not found · ChallangeX');
  });

  it('sends an old link without uid to the full address when it names the stored profile', async () => {
    writeStored(storageKeys.loadProfile, owner.uid);
    const { router } = await renderProfile(visitorMember, '/profile/Asha%20Rao');
    expect(await screen.findByRole('heading', { name: 'Asha Rao', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('finds the own profile by name without uid', async () => {
    const { router } = await renderProfile(owner, '/profile/Asha%20Rao');
    expect(await screen.findByRole('heading', { name: 'Asha Rao', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('moves a name one member goes by to their full address, found on the public board', async () => {
    // A visitor with nothing stored: the all-time board names Asha Rao, and nobody else is called so.
    const { router } = await renderProfile(visitorMember, '/profile/asha%20rao');
    expect(await screen.findByRole('heading', { name: 'Asha Rao', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('lists the members a shared name belongs to, each linking to their own profile', async () => {
    resetFakeDatabase({
      users: { [owner.uid]: { info: { uid: owner.uid, displayName: 'Asha Rao', score: 40 } } },
      leaderboard: { all: { [owner.uid]: { points: 40, displayName: 'Asha Rao' } } },
      feed: {
        c1: { uid: 'uid-asha-2', displayName: 'Asha Rao', title: 'Lean week', createdAt: 5 },
        c2: { uid: 'uid-ravi', displayName: 'Ravi Kumar', title: 'Bulk up', createdAt: 6 },
      },
    });
    const { router } = await renderProfile(visitorMember, '/profile/Asha%20Rao');
    const list = await screen.findByRole('heading', {
      name: 'Members called “Asha Rao”',
      level: 1,
    });
    expect(list).toBeInTheDocument();
    expect(document.title).toBe('Members called Asha Rao · ChallangeX');
    expect(
      screen.getAllByRole('link', { name: 'Asha Rao' }).map((link) => link.getAttribute('href')),
    ).toEqual(['/profile/Asha%20Rao/uid-asha-2', `/profile/Asha%20Rao/${owner.uid}`]);
    expect(screen.getByText('Latest challenge: Lean week')).toBeInTheDocument();
    expect(screen.getByText('40 points')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ravi Kumar' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/Asha%20Rao');
  });

  it('says the member is not found when no record names anyone so', async () => {
    await renderProfile(visitorMember, '/profile/Nobody%20Here');
    expect(await screen.findByText('No member called “Nobody Here” here')).toBeInTheDocument();
    expect(document.title).toBe('Member not found · ChallangeX');
  });

  it('opens Edit profile on arrival when sent by the create-challenge completeness check', async () => {
    writeStored(storageKeys.loadProfile, owner.uid);
    await renderProfile(owner, path, { editProfile: true });
    // The modal is a lazy chunk; give it time on a busy machine.
    expect(
      await screen.findByRole('dialog', { name: 'Edit profile' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(
      await screen.findByLabelText('Location', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  }, 15_000);

  it('opens Edit profile only once: reloading the page after the redirect does not open it again', async () => {
    const first = await renderProfile(owner, path, { editProfile: true });
    expect(
      await screen.findByRole('dialog', { name: 'Edit profile' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(first.router.state.location.state).toBeNull());
    // A reload restores the history entry, state included.
    const restoredState = first.router.state.location.state as object | undefined;
    first.unmount();

    await renderProfile(owner, path, restoredState ?? undefined);
    expect(await screen.findByRole('heading', { name: 'Asha Rao', level: 1 })).toBeInTheDocument();
    // The modal's chunk loaded above, so the page renders it at once if it opens: no wait to guess.
    expect(screen.queryByRole('dialog', { name: 'Edit profile' })).not.toBeInTheDocument();
    // The same check sees the modal when the page does open it.
    await userEvent.click(screen.getByRole('button', { name: 'Edit profile' }));
    expect(screen.getByRole('dialog', { name: 'Edit profile' })).toBeInTheDocument();
  }, 15_000);
});
