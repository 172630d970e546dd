import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dbPaths } from '@domain/data/database-paths';
import type { BoardMeal, BoardRow } from '@domain/challenges/group-records';
import type { MealKey } from '@domain/challenges/meal-key';
import { compactBoardMeals } from '@domain/challenges/board-windows';
import { challengePath } from '@/lib/app-addresses';
import { confirmAction, toastError } from '@/lib/toast';
import { ApiError, callApi } from '@/services/api-client';
import { memberFixture } from '@/testing/render-app';
import { challengeRecord, HOUR } from '../testing/fake-challenge-database';
import { groupDatabase, resetGroupDatabase, setGroupValue } from '../testing/group-fake-database';
import { renderAt } from '../testing/render-challenge-page';

vi.mock(
  '@/services/database',
  async () => (await import('../testing/group-fake-database')).groupDatabaseService,
);
vi.mock('@/services/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/services/api-client')>()),
  callApi: vi.fn(() => Promise.resolve({})),
}));
vi.mock('@/services/storage', () => ({
  uploadFile: vi.fn(),
  storedFileUrl: vi.fn(() => Promise.resolve(null)),
  isCanceledUpload: () => false,
}));
vi.mock('@/lib/toast', () => ({
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
  toastErrorWithReason: vi.fn(),
  toastInfo: vi.fn(),
  confirmAction: vi.fn(() => Promise.resolve(true)),
}));

const OWNER = 'uid-ravi';
const VIEWER = memberFixture.uid;
const now = Date.now();

const planned = {
  'Day1-breakfast': { opensAt: now - 5 * HOUR, closesAt: now - 4 * HOUR },
  'Day1-lunch': { opensAt: now - 3 * HOUR, closesAt: now - 2 * HOUR },
  'Day1-dinner': { opensAt: now - HOUR / 2, closesAt: now + HOUR / 2 },
  'Day2-breakfast': { opensAt: now + 20 * HOUR, closesAt: now + 21 * HOUR },
};

/** A row as the server stores it, from its meals with their windows (`planned` unless given). */
function boardRow(
  name: string,
  {
    meals = planned,
    ...overrides
  }: Omit<Partial<BoardRow>, 'meals'> & { meals?: Partial<Record<MealKey, BoardMeal>> } = {},
): BoardRow {
  return {
    displayName: name,
    photoURL: '',
    joinedAt: now - 10 * HOUR,
    proved: 0,
    points: 0,
    ...compactBoardMeals(meals),
    ...overrides,
  };
}

const ravi = boardRow('Ravi Kumar', {
  proved: 2,
  points: 20,
  lastProvedAt: now - 2.5 * HOUR,
  meals: {
    ...planned,
    'Day1-breakfast': { ...planned['Day1-breakfast'], proof: 'Done' },
    'Day1-lunch': { ...planned['Day1-lunch'], proof: 'Done', cheers: 1 },
  },
});
const asha = boardRow('Asha Rao', {
  proved: 1,
  points: 10,
  lastProvedAt: now - 4.5 * HOUR,
  meals: { ...planned, 'Day1-breakfast': { ...planned['Day1-breakfast'], proof: 'Done' } },
});

/** The viewer (Asha) joined Ravi's challenge c1: her own plan under her uid, with groupOwnerId. */
function givenJoined(members: Record<string, BoardRow> = { [OWNER]: ravi, [VIEWER]: asha }) {
  setGroupValue(dbPaths.challenge(VIEWER, 'c1'), { ...challengeRecord(now), groupOwnerId: OWNER });
  setGroupValue(dbPaths.groupMembers('c1'), members);
}

const openChallenge = (ownerId = OWNER) => renderAt(challengePath(ownerId, 'c1', 'Green week'));

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  resetGroupDatabase();
});

/** Red buttons on the page outside a menu, by their text: none belong there. */
const redOutsideMenus = () =>
  [...document.querySelectorAll('.btn-danger, .btn-outline-danger')]
    .filter((button) => !button.closest('.dropdown-menu'))
    .map((button) => button.textContent);

describe('a group challenge for a member who joined it', () => {
  it('shows their own plan beside the "Challenge board", ranked, with the team goal', async () => {
    givenJoined();
    openChallenge();
    expect(await screen.findByRole('heading', { level: 1, name: 'Green week' })).toBeVisible();
    // Their own plan: their targets and meal table, proofs under their own uid.
    expect(screen.getByText('1800 kcal · 110 g protein · 200 g carbs · 60 g fat')).toBeVisible();
    expect(screen.getByLabelText('Proof photo for Day 1 dinner')).toBeInTheDocument();
    const board = screen.getByRole('region', { name: 'Challenge board' });
    const rows = await within(board).findAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      '1. Ravi Kumar',
      '2. Asha Rao',
    ]);
    expect(rows[0]).toHaveTextContent('67 % · 2 of 3 meals so far proved · 4 planned · 20 points');
    expect(rows[1]).toHaveTextContent('33 % · 1 of 3 meals so far proved · 4 planned · 10 points');
    // 3 of the 6 meals due so far.
    const goal = within(board).getByRole('progressbar', { name: 'Team goal' });
    expect(goal).toHaveAttribute('aria-valuenow', '50');
    // Near the top (phones): the viewer's rank, the team goal, and the way down to the board.
    const strip = screen.getByRole('region', { name: 'Board at a glance' });
    expect(strip).toHaveTextContent('You: #2 of 2 · Team goal 50 %');
    expect(within(strip).getByRole('link', { name: 'See board' })).toHaveAttribute(
      'href',
      `#${board.id}`,
    );
    expect(
      strip.compareDocumentPosition(screen.getByRole('region', { name: 'Now' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    // Only the group's own reads (the strip and the board watch one descriptor): the joiner's plan and the
    // members node, never the owner's plan.
    expect(groupDatabase.watched).not.toContain(dbPaths.challenge(OWNER, 'c1'));
    expect(new Set(groupDatabase.watched.filter((path) => path.startsWith('groups/')))).toEqual(
      new Set(['groups/c1/members']),
    );
    // Never another member's body stats or targets: the board has none to show.
    expect(within(board).queryByText(/kcal|protein|cm|kg/)).not.toBeInTheDocument();
  });

  it('updates the board live when another member proves a meal', async () => {
    givenJoined();
    openChallenge();
    const board = await screen.findByRole('region', { name: 'Challenge board' });
    await within(board).findByText(/1 of 3 meals so far proved · \d+ planned · 10 points/);
    act(() =>
      setGroupValue(dbPaths.groupMembers('c1'), {
        [OWNER]: ravi,
        [VIEWER]: { ...asha, proved: 3, points: 30, lastProvedAt: now },
      }),
    );
    await waitFor(() =>
      expect(within(board).getAllByRole('listitem')[0]).toHaveAttribute(
        'aria-label',
        '1. Asha Rao',
      ),
    );
  });

  it('cheers another member’s proved meal once, and nudges a member whose window is open', async () => {
    givenJoined();
    openChallenge();
    const board = await screen.findByRole('region', { name: 'Challenge board' });
    // One cheer a row, for the latest proved meal, its count beside it; none on the viewer's own row.
    const cheer = await within(board).findByRole('button', { name: 'Cheer Ravi Kumar' });
    expect(cheer).toHaveAccessibleDescription('1 cheer for Day 1 lunch');
    expect(within(board).getAllByRole('button', { name: /^Cheer/ })).toHaveLength(1);
    await userEvent.click(cheer);
    expect(callApi).toHaveBeenCalledWith('/api/challenges/c1/members/uid-ravi/cheers', {
      meal: 'Day1-lunch',
    });
    expect(cheer).toBeDisabled();
    expect(cheer).toHaveAttribute('aria-pressed', 'true');

    const nudge = within(board).getByRole('button', {
      name: 'Nudge Ravi Kumar about Day 1 dinner',
    });
    await userEvent.click(nudge);
    expect(callApi).toHaveBeenCalledWith('/api/challenges/c1/members/uid-ravi/nudges', {});
    expect(nudge).toBeDisabled();
  });

  it('shows what the member cheered and nudged on an earlier visit, from their own record on the server', async () => {
    givenJoined();
    // As the API leaves groupGiven after Asha's cheer and nudge of a visit before this one.
    setGroupValue(dbPaths.groupGiven('c1', VIEWER), {
      [OWNER]: { 'Day1-lunch': { cheer: now - HOUR }, 'Day1-dinner': { nudge: now - HOUR / 4 } },
    });
    openChallenge();
    const board = await screen.findByRole('region', { name: 'Challenge board' });
    const cheer = await within(board).findByRole('button', { name: 'Cheer Ravi Kumar' });
    expect(cheer).toBeDisabled();
    expect(cheer).toHaveAttribute('aria-pressed', 'true');
    const nudge = within(board).getByRole('button', {
      name: 'Nudge Ravi Kumar about Day 1 dinner',
    });
    expect(nudge).toBeDisabled();
    expect(nudge).toHaveTextContent('Nudged');
    expect(callApi).not.toHaveBeenCalled();
    // One read of the viewer's own record, beside the board's one read of the members node.
    expect(groupDatabase.watched.filter((path) => path.startsWith('groupGiven/'))).toEqual([
      dbPaths.groupGiven('c1', VIEWER),
    ]);
  });

  it('shows the server’s refusal of a cheer and lets it be tried again', async () => {
    givenJoined();
    vi.mocked(callApi).mockRejectedValueOnce(new ApiError(409, 'That meal is not proved'));
    openChallenge();
    const cheer = await screen.findByRole('button', { name: 'Cheer Ravi Kumar' });
    await userEvent.click(cheer);
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('That meal is not proved'));
    expect(cheer).toBeEnabled();
  });

  it('lets the member leave after confirming, and offers no owner actions', async () => {
    givenJoined();
    const { router } = openChallenge();
    const leave = await screen.findByRole('button', { name: 'Leave challenge' });
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(screen.getByRole('button', { name: 'Shopping list' })).toBeVisible();
    expect(
      screen.queryByRole('button', { name: /Delete|Invite friends|Remove/ }),
    ).not.toBeInTheDocument();
    // Red is for destructive actions inside menus only (docs/product.md, "The challenge page").
    expect(redOutsideMenus()).toEqual([]);
    await userEvent.click(leave);
    expect(confirmAction).toHaveBeenCalled();
    expect(callApi).toHaveBeenCalledWith('/api/challenges/c1/leave', {});
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
  });

  it('does not leave when the member cancels', async () => {
    givenJoined();
    vi.mocked(confirmAction).mockResolvedValueOnce(false);
    openChallenge();
    await userEvent.click(await screen.findByRole('button', { name: 'Leave challenge' }));
    expect(callApi).not.toHaveBeenCalled();
  });
});

describe('members’ proof photos on the board', () => {
  const lunchPhoto = 'https://photos.example.test/ravi-lunch.jpg';
  const openRaviLunch = async () => {
    const board = await screen.findByRole('region', { name: 'Challenge board' });
    const photos = await within(board).findByRole('button', { name: 'Photos of Ravi Kumar' });
    expect(photos).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(photos);
    expect(photos).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(
      within(board).getByRole('button', { name: "See Ravi Kumar's Day 1 lunch photo" }),
    );
    return screen.findByRole('dialog', { name: "Ravi Kumar's Day 1 lunch" });
  };

  it('opens another member’s proved meal photo, read when opened, with its member and meal in the alt text', async () => {
    givenJoined();
    setGroupValue(`${dbPaths.groupPhotos('c1', OWNER)}/Day1-lunch`, lunchPhoto);
    openChallenge();
    const board = await screen.findByRole('region', { name: 'Challenge board' });
    // Listed on demand, in plan order: the proved meals only.
    await userEvent.click(
      await within(board).findByRole('button', { name: 'Photos of Ravi Kumar' }),
    );
    const thumbnails = within(board).getByRole('list', { name: 'Proof photos of Ravi Kumar' });
    expect(
      within(thumbnails)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Day 1 breakfast', 'Day 1 lunch']);
    // Photos, not text links: each a thumbnail of the photo itself.
    await waitFor(() => expect(thumbnails.querySelector('img')).toHaveAttribute('src', lunchPhoto));
    // Keyboard: the photo's button takes Enter.
    within(board).getByRole('button', { name: "See Ravi Kumar's Day 1 lunch photo" }).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: "Ravi Kumar's Day 1 lunch" });
    expect(
      await within(dialog).findByRole('img', { name: "Proof photo of Ravi Kumar's Day 1 lunch" }),
    ).toHaveAttribute('src', lunchPhoto);
    // Only the group's members node is watched: photos are one read each, when opened.
    expect(new Set(groupDatabase.watched.filter((path) => path.startsWith('groups/')))).toEqual(
      new Set(['groups/c1/members']),
    );
  });

  it('says so when the photo is gone from the board', async () => {
    givenJoined();
    openChallenge();
    const dialog = await openRaviLunch();
    expect(await within(dialog).findByText('This photo is no longer on the board.')).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
  });

  it('reports the photo with a reason from the list, and thanks the member', async () => {
    givenJoined();
    setGroupValue(`${dbPaths.groupPhotos('c1', OWNER)}/Day1-lunch`, lunchPhoto);
    openChallenge();
    const dialog = await openRaviLunch();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Report' }));
    const form = within(dialog).getByRole('form', { name: 'Report this photo' });
    expect(
      within(form)
        .getAllByRole('radio')
        .map((radio) => radio.closest('.form-check')?.textContent),
    ).toEqual(['Not a meal', 'Not this meal', 'Someone else’s photo', 'Inappropriate']);
    // A reason is needed first.
    await userEvent.click(within(form).getByRole('button', { name: 'Send report' }));
    expect(await within(form).findByText('Choose why you report this photo')).toBeVisible();
    expect(callApi).not.toHaveBeenCalled();

    await userEvent.click(within(form).getByLabelText('Not this meal'));
    await userEvent.click(within(form).getByRole('button', { name: 'Send report' }));
    expect(callApi).toHaveBeenCalledWith(
      '/api/challenges/c1/members/uid-ravi/meals/Day1-lunch/reports',
      { reason: 'not-this-meal' },
    );
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Thanks — the photo was reported',
    );
    expect(within(dialog).queryByRole('form')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
  });

  it.each([
    [
      new ApiError(409, 'You have already reported this photo'),
      'You have already reported this photo',
    ],
    [
      new ApiError(403, 'You are not a member of this challenge'),
      'You are not a member of this challenge',
    ],
    [
      new ApiError(500, 'Internal'),
      'The report could not be sent. Check your connection and try again.',
    ],
  ])('shows why a report is refused (%s)', async (error, message) => {
    givenJoined();
    setGroupValue(`${dbPaths.groupPhotos('c1', OWNER)}/Day1-lunch`, lunchPhoto);
    vi.mocked(callApi).mockRejectedValueOnce(error);
    openChallenge();
    const dialog = await openRaviLunch();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Report' }));
    await userEvent.click(within(dialog).getByLabelText('Not a meal'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(within(dialog).queryByText('Thanks — the photo was reported')).not.toBeInTheDocument();
  });

  it('offers no photos, and so no Report, on the member’s own row', async () => {
    givenJoined();
    openChallenge();
    const board = await screen.findByRole('region', { name: 'Challenge board' });
    await within(board).findByRole('button', { name: 'Photos of Ravi Kumar' });
    expect(
      within(board).queryByRole('button', { name: /Photos of Asha Rao/ }),
    ).not.toBeInTheDocument();
  });
});

describe('a group challenge for its owner', () => {
  function givenOwnGroup() {
    setGroupValue(dbPaths.challenge(VIEWER, 'c1'), {
      ...challengeRecord(now),
      access: 'link',
      memberCount: 2,
      invite: { token: 'A'.repeat(32), open: true, madeAt: now },
    });
    setGroupValue(dbPaths.groupMembers('c1'), { [VIEWER]: asha, 'uid-ravi': ravi });
  }

  it('shows the board with "Remove" in each other member’s menu, and removes after confirming', async () => {
    givenOwnGroup();
    openChallenge(VIEWER);
    const board = await screen.findByRole('region', { name: 'Challenge board' });
    await within(board).findByText('Ravi Kumar');
    expect(
      within(board).queryByRole('button', { name: 'Options for Asha Rao' }),
    ).not.toBeInTheDocument();
    expect(within(board).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(
      within(board).queryByRole('button', { name: 'Leave challenge' }),
    ).not.toBeInTheDocument();
    expect(redOutsideMenus()).toEqual([]);
    await userEvent.click(within(board).getByRole('button', { name: 'Options for Ravi Kumar' }));
    await userEvent.click(within(board).getByRole('button', { name: 'Remove' }));
    expect(confirmAction).toHaveBeenCalled();
    expect(callApi).toHaveBeenCalledWith(
      '/api/challenges/c1/members/uid-ravi',
      undefined,
      'DELETE',
    );
  });

  it('opens "Invite friends" with the link, Copy and a QR code; a new link replaces it', async () => {
    givenOwnGroup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    openChallenge(VIEWER);
    await userEvent.click(await screen.findByRole('button', { name: 'Invite friends' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite friends' });
    const link = within(dialog).getByRole('textbox', { name: 'Invite link' });
    const address = `${location.origin}/join/c1/${'A'.repeat(32)}`;
    expect(link).toHaveValue(address);
    expect(link).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('Anyone with the link')).toBeChecked();
    expect(
      await within(dialog).findByRole('img', { name: 'QR code of the invite link' }),
    ).toBeVisible();
    // jsdom has no share sheet: no Share button.
    expect(within(dialog).queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(address);
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeVisible();

    vi.mocked(callApi).mockResolvedValueOnce({ token: 'B'.repeat(32) });
    await userEvent.click(within(dialog).getByRole('button', { name: 'New link' }));
    expect(callApi).toHaveBeenCalledWith('/api/challenges/c1/invite', {}, 'POST');
    await waitFor(() => expect(link).toHaveValue(`${location.origin}/join/c1/${'B'.repeat(32)}`));
  });

  it('changes who can join, and asks for a link when a solo challenge is opened', async () => {
    setGroupValue(dbPaths.challenge(VIEWER, 'c1'), challengeRecord(now));
    openChallenge(VIEWER);
    // A solo challenge has no board.
    await screen.findByRole('heading', { level: 1, name: 'Green week' });
    expect(screen.queryByRole('region', { name: 'Challenge board' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Invite friends' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite friends' });
    expect(within(dialog).getByLabelText('Only me')).toBeChecked();
    expect(within(dialog).queryByRole('textbox', { name: 'Invite link' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByLabelText('Anyone from the feed'));
    expect(callApi).toHaveBeenCalledWith('/api/challenges/c1/access', { access: 'feed' }, 'PUT');
    expect(within(dialog).getByLabelText('Anyone from the feed')).toBeChecked();
    // The server opens the group: the page gains the board and the dialog stays open with the link.
    act(() => {
      setGroupValue(dbPaths.groupMembers('c1'), { [VIEWER]: asha });
      setGroupValue(dbPaths.challenge(VIEWER, 'c1'), {
        ...challengeRecord(now),
        access: 'feed',
        invite: { token: 'C'.repeat(32), open: true, madeAt: now },
      });
    });
    expect(await screen.findByRole('region', { name: 'Challenge board' })).toBeInTheDocument();
    expect(
      await within(screen.getByRole('dialog', { name: 'Invite friends' })).findByRole('textbox', {
        name: 'Invite link',
      }),
    ).toHaveValue(`${location.origin}/join/c1/${'C'.repeat(32)}`);
  });
});

describe('a group challenge for a member who has not joined', () => {
  it('shows the summary card with the member count, and "Join challenge" when anyone may join from the feed', async () => {
    for (const field of ['title', 'displayName', 'photoURL', 'createdAt', 'day', 'preference'])
      setGroupValue(
        `${dbPaths.challenge(OWNER, 'c1')}/${field}`,
        challengeRecord(now)[field as 'title'],
      );
    setGroupValue(dbPaths.feedEntry('c1'), {
      uid: OWNER,
      title: 'Green week',
      access: 'feed',
      memberCount: 4,
    });
    openChallenge();
    const card = await screen.findByRole('article', { name: 'Green week' });
    await waitFor(() => expect(within(card).getByText('Members')).toBeVisible());
    expect(within(card).getByText('4')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Join challenge' })).toHaveAttribute(
      'href',
      '/join/c1',
    );
    expect(screen.queryByRole('region', { name: 'Challenge board' })).not.toBeInTheDocument();
  });
});
