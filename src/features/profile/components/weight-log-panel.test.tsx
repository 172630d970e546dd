import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays } from '@domain/calendar-dates';
import { WEIGHT_OUT_OF_RANGE_MESSAGE } from '@domain/members/weight-log';
import { callApi } from '@/services/api-client';
import { readLog, resetFakeDatabase } from '@/testing/fake-database';
import { memberFixture, renderApp } from '@/testing/render-app';
import { ProfilePage } from './profile-page';
import { WeightLogPanel } from './weight-log-panel';
import { controlIntersections } from '@/testing/intersection-control';

vi.mock('@/services/database', () => import('@/testing/fake-database'));
vi.mock('@/services/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/services/api-client')>()),
  callApi: vi.fn(),
}));
vi.mock('@/lib/toast', () => ({
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
  toastInfo: vi.fn(),
  confirmAction: vi.fn(async () => true),
}));

const owner = memberFixture;
const WEIGHTS = {
  '2026-03-01': { kg: 80, at: 1 },
  '2026-03-03': { kg: 79, at: 1 },
  '2026-03-07': { kg: 78, at: 1 },
};

beforeEach(() => {
  vi.clearAllMocks();
  resetFakeDatabase({
    users: {
      [owner.uid]: {
        info: { uid: owner.uid, displayName: 'Asha Rao', photoURL: '', location: 'Pune' },
        private: { email: owner.email, weight: 78 },
        weights: WEIGHTS,
        challenges: {
          c0: { createdAt: 2, targetBody: 'Bulk', startDate: '2026-01-02', title: 'Old' },
          c1: { createdAt: 5, targetBody: 'Cutting', startDate: '2026-03-02', title: 'Cut' },
        },
      },
    },
    // The goal is read from the feed's summaries (the latest by createdAt), not the whole challenge.
    feed: {
      c1: { uid: owner.uid, createdAt: 5, targetBody: 'Cutting', title: 'Cut' },
      c0: { uid: owner.uid, createdAt: 2, targetBody: 'Bulk', title: 'Old' },
      c9: { uid: 'uid-vikram', createdAt: 9, targetBody: 'Lean', title: 'Not hers' },
    },
  });
});

const renderPanel = () => renderApp(<WeightLogPanel uid={owner.uid} />, { user: owner });

describe('the weight log', () => {
  it('lists the entries with their 7-day average, the change and the goal direction', async () => {
    renderPanel();
    const rows = await screen.findAllByRole('row');
    // Header, then newest first.
    expect(rows.map((row) => row.textContent)).toEqual([
      'DateWeight7-day averageActions',
      '2026-03-0778 kg79 kgEditDelete',
      '2026-03-0379 kg79.5 kgEditDelete',
      '2026-03-0180 kg80 kgEditDelete',
    ]);
    expect(screen.getByText('Change since first entry').nextSibling).toHaveTextContent('−2 kg');
    // Since the challenge began (2 March): the entry of 1 March is the baseline.
    expect(
      screen.getByText('Since your challenge began (2026-03-02)').nextSibling,
    ).toHaveTextContent('−2 kg');
    expect(screen.getByText('Cutting: lose weight')).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Weight 78 kg on 2026-03-07; −2 kg since the first entry' }),
    ).toBeInTheDocument();
    // Summaries only: no read of a whole challenge (its plan) for the goal.
    expect(readLog.filter((path) => path.includes('/challenges'))).toEqual([
      `users/${owner.uid}/challenges/c1/startDate`,
    ]);
  });

  it('lists the latest 14 entries of a long log, and all of them on request', async () => {
    const many = Object.fromEntries(
      Array.from({ length: 60 }, (_, index) => [
        addDays('2026-01-01', index),
        { kg: 70 + (index % 5) / 10, at: 1 },
      ]),
    );
    resetFakeDatabase({ users: { [owner.uid]: { weights: many } } });
    const user = userEvent.setup();
    renderPanel();
    const table = await screen.findByRole('table', { name: 'Your weight entries' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 14);
    expect(within(table).getAllByRole('rowheader')[0]).toHaveTextContent('2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Show all 60 entries' }));
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 60);
    await user.click(screen.getByRole('button', { name: 'Show the latest 14 entries' }));
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 14);
    // A busy machine runs these typing-heavy cases past the default 5 s.
  }, 15_000);

  it('refuses 0, 1,000 and an empty weight in the form, and logs a valid one', async () => {
    const user = userEvent.setup();
    renderPanel();
    const weight = await screen.findByLabelText('Weight (kg)');
    for (const [typed, message] of [
      ['0', WEIGHT_OUT_OF_RANGE_MESSAGE],
      ['1000', WEIGHT_OUT_OF_RANGE_MESSAGE],
      ['', 'Enter your weight in kg'],
    ]) {
      await user.clear(weight);
      if (typed) await user.type(weight, typed);
      await user.click(screen.getByRole('button', { name: 'Log weight' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(callApi).not.toHaveBeenCalled();
    await user.clear(weight);
    await user.type(weight, '77.5');
    await user.clear(screen.getByLabelText('Date'));
    await user.type(screen.getByLabelText('Date'), '2026-03-09');
    await user.click(screen.getByRole('button', { name: 'Log weight' }));
    await waitFor(() =>
      expect(callApi).toHaveBeenCalledWith('/api/me/weights', { date: '2026-03-09', kg: 77.5 }),
    );
    // A busy machine runs these typing-heavy cases past the default 5 s.
  }, 15_000);

  it('keeps a next entry typed while the last one is still being saved, and clears a form left as sent', async () => {
    let answer: () => void = () => {};
    vi.mocked(callApi).mockImplementationOnce(
      () => new Promise((resolve) => (answer = () => resolve(undefined))),
    );
    const user = userEvent.setup();
    renderPanel();
    const weight = await screen.findByLabelText('Weight (kg)');
    await user.type(weight, '77.5');
    await user.click(screen.getByRole('button', { name: 'Log weight' }));
    await waitFor(() => expect(callApi).toHaveBeenCalledTimes(1));
    await user.clear(weight);
    await user.type(weight, '77.1');
    await act(async () => answer());
    expect(weight).toHaveValue(77.1);
    // Left as sent, the form is cleared for the next entry.
    await user.click(screen.getByRole('button', { name: 'Log weight' }));
    await waitFor(() => expect(weight).toHaveValue(null));
  }, 15_000);

  it("edits and deletes an entry, and shows the server's refusal", async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Edit the weight of 2026-03-03' }));
    const weight = screen.getByLabelText('Weight (kg)');
    expect(weight).toHaveValue(79);
    await user.clear(weight);
    await user.type(weight, '78.8');
    await user.click(screen.getByRole('button', { name: 'Save weight' }));
    await waitFor(() =>
      expect(callApi).toHaveBeenCalledWith('/api/me/weights/2026-03-03', { kg: 78.8 }, 'PUT'),
    );
    await user.click(screen.getByRole('button', { name: 'Delete the weight of 2026-03-01' }));
    await waitFor(() =>
      expect(callApi).toHaveBeenCalledWith('/api/me/weights/2026-03-01', undefined, 'DELETE'),
    );
    vi.mocked(callApi).mockRejectedValueOnce(
      new Error('You already logged a weight for 2026-03-07'),
    );
    await user.clear(screen.getByLabelText('Date'));
    await user.type(screen.getByLabelText('Date'), '2026-03-07');
    await user.type(screen.getByLabelText('Weight (kg)'), '70');
    await user.click(screen.getByRole('button', { name: 'Log weight' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You already logged a weight for 2026-03-07',
    );
  });

  it('reads the log and draws its form at once, its chart and table only once they near the viewport', async () => {
    const intersections = controlIntersections();
    try {
      renderPanel();
      expect(await screen.findByRole('button', { name: 'Log weight' })).toBeInTheDocument();
      await waitFor(() => expect(readLog).toContain(`users/${owner.uid}/weights`));
      await waitFor(() => expect(intersections.observed).not.toHaveLength(0));
      expect(screen.queryByRole('table')).toBeNull();
      expect(screen.queryByRole('img', { name: /^Weight 78 kg/ })).toBeNull();
      intersections.nearAll();
      const table = await screen.findByRole('table', { name: 'Your weight entries' });
      expect(within(table).getAllByRole('row')).toHaveLength(1 + 3);
      expect(screen.getByRole('img', { name: /^Weight 78 kg/ })).toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("another member's profile neither shows nor reads the weight log", async () => {
    const visitor = { ...owner, uid: 'uid-vikram', displayName: 'Vikram Singh' };
    const view = renderApp(<p>Start</p>, {
      user: visitor,
      path: '/start',
      routes: [{ path: '/profile/:profileName/:uid?', element: <ProfilePage /> }],
    });
    await act(() => view.router.navigate(`/profile/Asha%20Rao/${owner.uid}`));
    const heading = await screen.findByRole('heading', { name: 'Asha Rao', level: 1 });
    expect(within(heading.closest('article')!).queryByText(/kg/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Weight log' })).toBeNull();
    expect(readLog.some((path) => path.includes('/weights'))).toBe(false);
  });
});
