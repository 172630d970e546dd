import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryLog, resetFakeDatabase } from '@/testing/fake-database';
import { memberFixture, renderApp } from '@/testing/render-app';
import { ProfileCard } from './profile-card';

vi.mock('@/services/database', () => import('@/testing/fake-database'));

const uid = memberFixture.uid;
const HOUR = 3_600_000;

/** A challenge whose only meal window closes at `closesAt`. */
const challengeEnding = (closesAt: number, flags = { isActive: true, deleted: false }) => ({
  ...flags,
  meals: { Day1: { breakfast: { opensAt: closesAt - HOUR, closesAt, status: 'Pending' } } },
});

function seed(
  activeChallenges: number,
  challenges: Record<string, unknown>,
  streak: Record<string, unknown> = {},
) {
  resetFakeDatabase({
    users: {
      [uid]: {
        info: {
          uid,
          displayName: 'Asha Rao',
          activeChallenges,
          totalChallenges: 3,
          score: 40,
          ...streak,
        },
        challenges,
      },
    },
  });
}

const activeStat = () => screen.getByText('Active Challange').parentElement!.querySelector('dd')!;

afterEach(() => {
  vi.useRealTimers();
});

describe('ProfileCard', () => {
  it('does not count a challenge that ended by time, though the stored counter still does', async () => {
    const now = Date.now();
    seed(2, {
      ended: challengeEnding(now - HOUR),
      running: challengeEnding(now + 24 * HOUR),
      deactivated: challengeEnding(now + 24 * HOUR, { isActive: false, deleted: true }),
    });
    renderApp(<ProfileCard member={memberFixture} />, { user: memberFixture });
    await screen.findByText('Active Challange');
    await vi.waitFor(() => expect(activeStat()).toHaveTextContent('1'));
    expect(within(screen.getByText('Total Challange').parentElement!).getByText('3')).toBeVisible();
  });

  it('drops a challenge from the count when its last meal window closes while the card is shown', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const now = Date.now();
    seed(1, { soon: challengeEnding(now + 5 * 60_000) });
    renderApp(<ProfileCard member={memberFixture} />, { user: memberFixture });
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(activeStat()).toHaveTextContent('1');

    await act(() => vi.advanceTimersByTimeAsync(5 * 60_000 + 10));
    expect(activeStat()).toHaveTextContent('0');
  });

  it('reads no challenges when the stored counter says none is active', async () => {
    seed(0, { old: challengeEnding(Date.now() - HOUR) });
    renderApp(<ProfileCard member={memberFixture} />, { user: memberFixture });
    await screen.findByText('Active Challange');
    expect(activeStat()).toHaveTextContent('0');
    expect(queryLog.some(({ path }) => path.includes('/challenges'))).toBe(false);
  });

  it('shows the current and best streak', async () => {
    seed(0, {}, { currentStreak: 1, bestStreak: 6 });
    renderApp(<ProfileCard member={memberFixture} />, { user: memberFixture });
    const stat = async (label: string) =>
      (await screen.findByText(label, { selector: 'dt' })).parentElement!.querySelector('dd');
    expect(await stat('Current streak')).toHaveTextContent('1 day');
    expect(await stat('Best streak')).toHaveTextContent('6 days');
    expect(screen.queryByText(/streak ended/)).not.toBeInTheDocument();
  });

  it('says kindly that a streak ended, once per break, and can be dismissed', async () => {
    localStorage.clear();
    const broken = { currentStreak: 0, bestStreak: 6, lastStreakBreakDays: 6 };
    seed(0, {}, { ...broken, lastStreakBreakOn: '2026-11-24' });
    const first = renderApp(<ProfileCard member={memberFixture} />, { user: memberFixture });
    const notice = await screen.findByText(
      'Your 6-day streak ended on Tuesday. Start a new one with your next meal.',
    );
    expect(notice).toHaveAttribute('role', 'status');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss streak notice' }));
    expect(screen.queryByText(/streak ended/)).not.toBeInTheDocument();
    first.unmount();

    // The next opening of the app says nothing more about that break…
    const second = renderApp(<ProfileCard member={memberFixture} />, { user: memberFixture });
    await screen.findByText('Current streak');
    expect(screen.queryByText(/streak ended/)).not.toBeInTheDocument();
    second.unmount();

    // …but a later break is said again.
    seed(0, {}, { ...broken, lastStreakBreakDays: 2, lastStreakBreakOn: '2026-11-27' });
    renderApp(<ProfileCard member={memberFixture} />, { user: memberFixture });
    expect(
      await screen.findByText(
        'Your 2-day streak ended on Friday. Start a new one with your next meal.',
      ),
    ).toBeInTheDocument();
  });
});
