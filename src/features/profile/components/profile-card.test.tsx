import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryLog, readLog, resetFakeDatabase } from '@/testing/fake-database';
import { memberFixture, renderApp } from '@/testing/render-app';
import { ProfileCard } from './profile-card';

vi.mock('@/services/database', () => import('@/testing/fake-database'));

const uid = memberFixture.uid;
const HOUR = 3_600_000;

/** A one-day challenge made two hours before its last window (dinner) closes at `closesAt`. */
const challengeEnding = (
  closesAt: number,
  flags: Record<string, unknown> = { isActive: true, deleted: false },
) => ({
  ...flags,
  day: 1,
  createdAt: closesAt - 2 * HOUR,
  meals: {
    Day1: {
      breakfast: { opensAt: closesAt - 14 * HOUR, closesAt: closesAt - 12 * HOUR, status: 'Done' },
      dinner: { opensAt: closesAt - HOUR, closesAt, status: 'Pending' },
    },
  },
});

/**
 * The member's info (the server's counter), their challenges, and the feed entries the server keeps
 * for their own: none for a deleted one, nor for a plan joined from someone else's group.
 */
function seed(
  activeChallenges: number,
  challenges: Record<string, Record<string, unknown>>,
  streak: Record<string, unknown> = {},
) {
  const feed = Object.fromEntries(
    Object.entries(challenges)
      .filter(([, challenge]) => challenge.deleted !== true && !challenge.groupOwnerId)
      .map(([id, challenge]) => [
        id,
        { uid, title: id, day: challenge.day, createdAt: challenge.createdAt },
      ]),
  );
  resetFakeDatabase({
    feed,
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

/** Whole challenges read: a query of the member's challenges (each carries its plan). */
const challengeQueries = () => queryLog.filter(({ path }) => path === `users/${uid}/challenges`);

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
    expect(readLog.some((path) => path.includes('/challenges') || path === 'feed')).toBe(false);
  });

  it('counts from the feed’s summaries and one end time per recent challenge, never the plans', async () => {
    const now = Date.now();
    seed(2, {
      running: challengeEnding(now + 24 * HOUR),
      soon: challengeEnding(now + 2 * HOUR),
      old: challengeEnding(now - 40 * 24 * HOUR),
    });
    renderApp(<ProfileCard member={memberFixture} />, { user: memberFixture });
    await vi.waitFor(() => expect(activeStat()).toHaveTextContent('2'));
    expect(challengeQueries()).toEqual([]);
    // Only the last window of each challenge made recently enough to run; the old one is not read.
    expect(readLog.filter((path) => path.includes('/challenges')).sort()).toEqual([
      `users/${uid}/challenges/running/meals/Day1/dinner/closesAt`,
      `users/${uid}/challenges/soon/meals/Day1/dinner/closesAt`,
    ]);
  });

  it('counts a plan joined from another member’s group, which has no feed entry of its own', async () => {
    const now = Date.now();
    seed(2, {
      own: challengeEnding(now + 24 * HOUR),
      joined: { ...challengeEnding(now + 30 * HOUR), groupOwnerId: 'uid-ravi' },
      old: challengeEnding(now - 40 * 24 * HOUR),
    });
    renderApp(<ProfileCard member={memberFixture} />, { user: memberFixture });
    await vi.waitFor(() => expect(activeStat()).toHaveTextContent('2'));
    // The feed says one, the server two: only the challenges made recently enough to run are read.
    expect(challengeQueries().map(({ spec }) => spec.orderBy)).toEqual(['createdAt']);
    expect(challengeQueries()[0].spec.startAt![0]).toBeGreaterThan(now - 10 * 24 * HOUR);
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
