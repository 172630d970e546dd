import { act, screen, within } from '@testing-library/react';
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

function seed(activeChallenges: number, challenges: Record<string, unknown>) {
  resetFakeDatabase({
    users: {
      [uid]: {
        info: { uid, displayName: 'Asha Rao', activeChallenges, totalChallenges: 3, score: 40 },
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
});
