import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { BusyProvider } from '@/components/busy-provider';
import { SessionContext } from '@/lib/session';
import userEvent from '@testing-library/user-event';
import { INCOMPLETE_PROFILE_MESSAGE } from '@domain/constants';
import { dbPaths } from '@domain/data/database-paths';
import { GROUP_MESSAGES } from '@domain/challenges/group-records';
import { ApiError, callApi } from '@/services/api-client';
import { memberFixture } from '@/testing/render-app';
import type { Invitation } from '../api/group-challenge-api';
import { resetGroupDatabase, setGroupValue } from '../testing/group-fake-database';
import { GroupJoinPage, type ProfileEditor } from './group-join-page';

vi.mock(
  '@/services/database',
  async () => (await import('../testing/group-fake-database')).groupDatabaseService,
);
vi.mock('@/services/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/services/api-client')>()),
  callApi: vi.fn(),
}));

const TOKEN = 'T'.repeat(32);
const invitation: Invitation = {
  title: 'Green week',
  owner: { uid: 'uid-ravi', displayName: 'Ravi Kumar', photoURL: '' },
  day: 3,
  startDate: '2026-11-27',
  preference: 'veg',
  targetBody: 'Lean',
  access: 'link',
  members: [
    { uid: 'uid-ravi', displayName: 'Ravi Kumar', photoURL: '' },
    { uid: 'uid-meera', displayName: 'Meera Iyer', photoURL: '' },
  ],
  memberCount: 2,
  joined: false,
  joinable: true,
  refusal: null,
};

function givenCompleteProfile() {
  setGroupValue(dbPaths.userInfo(memberFixture.uid), {
    uid: memberFixture.uid,
    displayName: 'Asha Rao',
    location: 'Pune',
    preference: 'veg',
  });
  setGroupValue(dbPaths.userPrivate(memberFixture.uid), {
    height: 165,
    weight: 60,
    age: 29,
    sex: 'female',
  });
}

/** The page under its route pattern (src/app/route-table.ts), opened at `address`. */
function openInvite(
  address = `/join/c1/${TOKEN}`,
  profileEditor?: ProfileEditor,
  user: typeof memberFixture | null = memberFixture,
) {
  const router = createMemoryRouter(
    [
      {
        path: '/join/:challengeId/:token?',
        element: <GroupJoinPage profileEditor={profileEditor} />,
      },
      { path: '/challange/:postName/:ownerId/:challengeId', element: <p>challenge page</p> },
      { path: '/profile/:profileName/:uid', element: <p>profile page</p> },
      { path: '/register', element: <p>register page</p> },
    ],
    { initialEntries: [address] },
  );
  const view = render(
    <SessionContext.Provider value={{ user }}>
      <BusyProvider>
        <RouterProvider router={router} />
      </BusyProvider>
    </SessionContext.Provider>,
  );
  return { ...view, router };
}

beforeEach(() => {
  vi.clearAllMocks();
  resetGroupDatabase();
});

describe('GroupJoinPage', () => {
  it('shows the invite: title, owner, days, start date, preference, body goal and members so far', async () => {
    vi.mocked(callApi).mockResolvedValueOnce(invitation);
    openInvite();
    expect(await screen.findByRole('heading', { level: 1, name: 'Green week' })).toBeVisible();
    expect(callApi).toHaveBeenCalledWith(`/api/challenges/c1/invitation?token=${TOKEN}`);
    expect(screen.getByRole('link', { name: 'Ravi Kumar' })).toHaveAttribute(
      'href',
      '/profile/Ravi%20Kumar/uid-ravi',
    );
    expect(screen.getByText('3')).toBeVisible();
    expect(screen.getByText('VEG')).toBeVisible();
    expect(screen.getByText('Lean')).toBeVisible();
    expect(screen.getByText(/2026/)).toBeVisible();
    expect(screen.getByRole('heading', { name: '2 members so far' })).toBeVisible();
    expect(screen.getByText('Meera Iyer')).toBeVisible();
    expect(document.title).toBe('Join Green week · ChallangeX');
  });

  it('joins with the token and the device zone, then opens the challenge at its address', async () => {
    givenCompleteProfile();
    vi.mocked(callApi)
      .mockResolvedValueOnce(invitation)
      .mockResolvedValueOnce({ ownerId: 'uid-ravi', challengeId: 'c1' });
    const { router } = openInvite();
    await userEvent.click(await screen.findByRole('button', { name: 'Join challenge' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/challange/green-week/uid-ravi/c1'),
    );
    expect(callApi).toHaveBeenLastCalledWith('/api/challenges/c1/join', {
      token: TOKEN,
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('says why the server refused and what to do, and stays on the invite', async () => {
    givenCompleteProfile();
    vi.mocked(callApi)
      .mockResolvedValueOnce(invitation)
      .mockRejectedValueOnce(new ApiError(409, GROUP_MESSAGES.full));
    const { router } = openInvite();
    await userEvent.click(await screen.findByRole('button', { name: 'Join challenge' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(GROUP_MESSAGES.full);
    expect(router.state.location.pathname).toBe(`/join/c1/${TOKEN}`);
  });

  it('shows a stale link’s refusal before joining, with the button disabled', async () => {
    vi.mocked(callApi).mockResolvedValueOnce({
      ...invitation,
      members: [],
      joinable: false,
      refusal: GROUP_MESSAGES.badToken,
    });
    openInvite();
    expect(await screen.findByText(GROUP_MESSAGES.badToken)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Join challenge' })).toBeDisabled();
  });

  it('asks a member with an incomplete profile to complete it, carrying the invite back', async () => {
    vi.mocked(callApi).mockResolvedValueOnce(invitation);
    const { router } = openInvite();
    await userEvent.click(await screen.findByRole('button', { name: 'Join challenge' }));
    expect(await screen.findByText(INCOMPLETE_PROFILE_MESSAGE)).toBeVisible();
    expect(callApi).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Complete your profile' }));
    expect(router.state.location.pathname).toBe(`/profile/Asha%20Rao/${memberFixture.uid}`);
    expect(router.state.location.state).toEqual({
      editProfile: true,
      returnTo: `/join/c1/${TOKEN}`,
    });
  });

  it('completes the profile in the editor over the invite, then joins from it', async () => {
    vi.mocked(callApi)
      .mockResolvedValueOnce(invitation)
      .mockResolvedValueOnce({ ownerId: 'uid-ravi', challengeId: 'c1' });
    const editor: ProfileEditor = ({ onHide }) => (
      <button
        type="button"
        onClick={() => {
          givenCompleteProfile();
          onHide();
        }}
      >
        Save profile
      </button>
    );
    const { router } = openInvite(`/join/c1/${TOKEN}`, editor);
    await userEvent.click(await screen.findByRole('button', { name: 'Join challenge' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Complete your profile' }));
    expect(router.state.location.pathname).toBe(`/join/c1/${TOKEN}`);
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(screen.queryByText(INCOMPLETE_PROFILE_MESSAGE)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Join challenge' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/challange/green-week/uid-ravi/c1'),
    );
  });

  it('offers "Open Challenge" to a member who already joined', async () => {
    vi.mocked(callApi).mockResolvedValueOnce({ ...invitation, joined: true, joinable: false });
    openInvite();
    expect(await screen.findByRole('link', { name: 'Open Challenge' })).toHaveAttribute(
      'href',
      '/challange/green-week/uid-ravi/c1',
    );
    expect(screen.queryByRole('button', { name: 'Join challenge' })).not.toBeInTheDocument();
  });

  it('says the invite is not found for an unknown challenge or a malformed link', async () => {
    vi.mocked(callApi).mockRejectedValueOnce(new ApiError(404, 'This challenge does not exist'));
    const { unmount } = openInvite();
    expect(await screen.findByRole('heading', { name: 'Invite not found' })).toBeVisible();
    unmount();
    openInvite('/join/c1/not-a-token');
    expect(await screen.findByRole('heading', { name: 'Invite not found' })).toBeVisible();
    expect(callApi).toHaveBeenCalledTimes(1);
  });

  it('says when the invite cannot be loaded', async () => {
    vi.mocked(callApi).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    openInvite();
    expect(await screen.findByText(/The invite could not be loaded/)).toBeVisible();
  });
});

describe('GroupJoinPage for a visitor', () => {
  const INVITE = `/join/c1/${TOKEN}`;
  const openAsVisitor = () => openInvite(INVITE, undefined, null);
  /** The API's answer to a visitor: the summary and members' names and avatars, no uids. */
  const visitorPreview = {
    title: 'Green week',
    owner: { displayName: 'Ravi Kumar', photoURL: '' },
    day: 3,
    startDate: '2026-03-02',
    preference: 'veg',
    targetBody: 'Lean',
    memberCount: 2,
    members: [
      { displayName: 'Ravi Kumar', photoURL: '' },
      { displayName: 'Meera Iyer', photoURL: '' },
    ],
  };

  it('shows the join card from the API’s visitor preview', async () => {
    vi.mocked(callApi).mockResolvedValueOnce(visitorPreview);
    const { router } = openAsVisitor();
    expect(await screen.findByRole('heading', { level: 1, name: 'Green week' })).toBeVisible();
    expect(callApi).toHaveBeenCalledWith(`/api/challenges/c1/invitation?token=${TOKEN}`);
    expect(screen.getByText('Ravi Kumar', { selector: '.fw-semibold' })).toBeVisible();
    // Profiles are for members: the inviter's name is no link yet.
    expect(screen.queryByRole('link', { name: 'Ravi Kumar' })).not.toBeInTheDocument();
    expect(screen.getByText('3')).toBeVisible();
    expect(screen.getByText('VEG')).toBeVisible();
    expect(screen.getByText(/2026/)).toBeVisible();
    expect(screen.getByRole('heading', { name: '2 members so far' })).toBeVisible();
    expect(screen.getByText('Meera Iyer')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Join challenge' })).not.toBeInTheDocument();
    const back = `?next=${encodeURIComponent(INVITE)}`;
    expect(screen.getByRole('link', { name: 'I have an account' })).toHaveAttribute(
      'href',
      `/login${back}`,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Create account to join' }));
    expect(router.state.location.pathname).toBe('/register');
    expect(router.state.location.search).toBe(back);
  });

  it('says the invite is not found when the API does not find it (hidden, deleted, unknown)', async () => {
    vi.mocked(callApi).mockRejectedValueOnce(new ApiError(404, 'This challenge does not exist'));
    openAsVisitor();
    expect(await screen.findByRole('heading', { name: 'Invite not found' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Create account to join' })).not.toBeInTheDocument();
  });
});
