import userEvent from '@testing-library/user-event';
import { act, screen, waitFor } from '@testing-library/react';
import { dbPaths } from '@domain/data/database-paths';
import type { BoardRow } from '@domain/challenges/group-records';
import { compactBoardMeals } from '@domain/challenges/board-windows';
import { challengePath } from '@/lib/app-addresses';
import { callApi } from '@/services/api-client';
import { memberFixture, renderApp } from '@/testing/render-app';
import { challengeRecord, DAY, HOUR } from '../testing/fake-challenge-database';
import { groupDatabase, resetGroupDatabase, setGroupValue } from '../testing/group-fake-database';
import { renderAt } from '../testing/render-challenge-page';
import { ChallengeOwnerView } from './challenge-owner-view';

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
const BONUS = 'groups/c1/bonus';

const row = (name: string): BoardRow => ({
  displayName: name,
  photoURL: '',
  joinedAt: now - 4 * DAY,
  proved: 0,
  points: 0,
  ...compactBoardMeals({
    'Day1-breakfast': { opensAt: now - 3 * DAY, closesAt: now - 3 * DAY + HOUR },
  }),
});

/** The viewer's plan of Ravi's group challenge c1: joined (groupOwnerId), ended or still running. */
function givenJoined({ ended }: { ended: boolean }) {
  const plan = challengeRecord(ended ? now - 3 * DAY : now);
  setGroupValue(dbPaths.challenge(VIEWER, 'c1'), { ...plan, groupOwnerId: OWNER });
  setGroupValue(dbPaths.groupMembers('c1'), { [OWNER]: row('Ravi Kumar'), [VIEWER]: row('Asha') });
}

const recomputes = () =>
  vi.mocked(callApi).mock.calls.filter(([path]) => path === '/api/me/recompute');

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  resetGroupDatabase();
});

describe('the team bonus of a group that ended with no later activity', () => {
  it('is decided by the server’s scheduled job: the page reads no bonus and asks for no recompute', async () => {
    givenJoined({ ended: true });
    renderAt(challengePath(OWNER, 'c1', 'Green week'));
    await screen.findByRole('heading', { level: 1, name: 'Green week' });
    await screen.findByRole('region', { name: 'Challenge board' });
    // The watcher's answers (microtasks) and the renders they cause.
    await act(() => Promise.resolve());
    expect(groupDatabase.watched).not.toContain(BONUS);
    expect(recomputes()).toEqual([]);
  });

  it('asks nothing for an ended solo challenge (no group to decide)', async () => {
    setGroupValue(dbPaths.challenge(VIEWER, 'c1'), challengeRecord(now - 3 * DAY));
    renderAt(challengePath(VIEWER, 'c1', 'Green week'));
    await screen.findByRole('button', { name: 'More' });
    expect(groupDatabase.watched).not.toContain(BONUS);
    expect(recomputes()).toEqual([]);
  });
});

describe('a joined copy', () => {
  it('opened at the member’s own uid moves to the group’s address: "Leave challenge", never Delete', async () => {
    givenJoined({ ended: false });
    const { router } = renderAt(challengePath(VIEWER, 'c1', 'Green week'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(challengePath(OWNER, 'c1', 'Green week')),
    );
    expect(await screen.findByRole('button', { name: 'Leave challenge' })).toBeVisible();
    // Its "More" menu holds the plan's views only.
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(screen.getByRole('button', { name: 'Shopping list' })).toBeVisible();
    expect(
      screen.queryByRole('button', { name: /Delete|Edit|Regenerate|Invite friends/ }),
    ).not.toBeInTheDocument();
  });

  it('is never offered Delete, whichever address hands it to the plan view', async () => {
    const copy = { ...challengeRecord(now), groupOwnerId: OWNER };
    setGroupValue(dbPaths.groupMembers('c1'), {
      [OWNER]: row('Ravi Kumar'),
      [VIEWER]: row('Asha'),
    });
    renderApp(
      <ChallengeOwnerView
        challenge={copy}
        challengeRef={{ ownerId: VIEWER, challengeId: 'c1', title: copy.title }}
      />,
      { user: memberFixture },
    );
    expect(await screen.findByRole('button', { name: 'Leave challenge' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(screen.getByRole('button', { name: 'Photo gallery' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Delete|Invite friends/ })).not.toBeInTheDocument();
  });
});
