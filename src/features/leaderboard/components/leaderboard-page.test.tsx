import { screen, within } from '@testing-library/react';
import { failReadsAt, resetFakeDatabase } from '@/testing/fake-database';
import { memberFixture, renderApp } from '@/testing/render-app';
import { LeaderboardPage } from './leaderboard-page';
import { TopChallengers } from './top-challengers';

vi.mock('@/services/database', () => import('@/testing/fake-database'));

const viewer = memberFixture;

/** A board of `count` members with 10·n points (member-1 lowest), optionally with the viewer on it. */
function board(count: number, viewerPoints?: number) {
  const entries: Record<string, object> = {};
  for (let n = 1; n <= count; n++) {
    entries[`member-${n}`] = {
      points: n * 10,
      displayName: `Member ${n}`,
      photoURL: '',
      joinAt: `2026-01-0${(n % 9) + 1} 10:00:00`,
    };
  }
  if (viewerPoints !== undefined)
    entries[viewer.uid] = { points: viewerPoints, displayName: 'Asha Rao', photoURL: '' };
  return entries;
}

// A frozen clock: Saturday 14 March 2026, noon UTC — the same ISO week and month in every zone from UTC−11
// to UTC+11, so the boards' keys are known and no run straddles a week or month rollover.
const FROZEN_NOW = new Date('2026-03-14T12:00:00Z');
const week = '2026-W11';
const month = '2026-03';

async function rowsOf(title: string) {
  await screen.findByRole('heading', { name: title });
  const card = screen.getByRole('heading', { name: title }).closest('section')!;
  return within(card);
}

beforeEach(() => {
  vi.useFakeTimers({ now: FROZEN_NOW, toFake: ['Date'] });
  resetFakeDatabase();
});
afterEach(() => vi.useRealTimers());

describe('LeaderboardPage', () => {
  it("shows the top 5 of this week's, this month's and all-time boards, highest first", async () => {
    resetFakeDatabase({
      leaderboard: { all: board(8), weekly: { [week]: board(3) }, monthly: { [month]: board(6) } },
    });
    renderApp(<LeaderboardPage />, { user: null });
    const weekly = await rowsOf('Weekly Top List');
    const weeklyRows = await weekly.findAllByRole('listitem');
    expect(weeklyRows).toHaveLength(3);
    ['Member 3', 'Member 2', 'Member 1'].forEach((name, index) => {
      expect(weeklyRows[index]).toHaveTextContent(`#${index + 1}`);
      expect(weeklyRows[index]).toHaveTextContent(name);
    });
    expect(weeklyRows[0]).toHaveTextContent('30 pts');
    const monthly = await rowsOf('Monthly Top List');
    expect(await monthly.findAllByRole('listitem')).toHaveLength(5);
    expect(monthly.getAllByRole('listitem')[0]).toHaveTextContent('Member 6');
    const allTime = await rowsOf('All-time Top List');
    expect(await allTime.findAllByRole('listitem')).toHaveLength(5);
    expect(allTime.getAllByRole('listitem')[4]).toHaveTextContent('Member 4');
    // Visitors cannot open profiles, so names are plain text.
    expect(allTime.queryAllByRole('link')).toHaveLength(0);
  });

  it("shows the viewer's own rank below the list when outside the top 5", async () => {
    resetFakeDatabase({
      leaderboard: { all: board(9, 35), weekly: { [week]: {} }, monthly: { [month]: {} } },
    });
    renderApp(<LeaderboardPage />, { user: viewer });
    const allTime = await rowsOf('All-time Top List');
    expect(await allTime.findByText('Your rank')).toBeInTheDocument();
    // Members 4..9 (40..90 points) are ahead of 35 points: rank 7.
    const own = allTime.getAllByRole('listitem').at(-1)!;
    expect(own).toHaveTextContent('#7');
    expect(own).toHaveTextContent('Asha Rao');
    expect(own).toHaveAttribute('aria-current', 'true');
    expect(allTime.getAllByRole('listitem')).toHaveLength(6);
  });

  it('gives tied members one rank, in the list and in "Your rank" alike (1, 2, 2, 4, 5)', async () => {
    const standing = (displayName: string, points: number) => ({
      points,
      displayName,
      photoURL: '',
    });
    resetFakeDatabase({
      leaderboard: {
        all: {
          ada: standing('Ada', 50),
          bo: standing('Bo', 40),
          cy: standing('Cy', 40),
          di: standing('Di', 30),
          // Tied with the viewer; the board breaks ties by key, so Zed is listed and the viewer not.
          zed: standing('Zed', 20),
          fay: standing('Fay', 10),
          [viewer.uid]: standing('Asha Rao', 20),
        },
      },
    });
    renderApp(<LeaderboardPage />, { user: viewer });
    const allTime = await rowsOf('All-time Top List');
    await allTime.findByText('Your rank');
    const rows = allTime.getAllByRole('listitem');
    expect(rows.map((row) => row.textContent?.match(/#(\d+)/)?.[1])).toEqual([
      '1',
      '2',
      '2',
      '4',
      '5',
      '5',
    ]);
    expect(rows[4]).toHaveTextContent('Zed');
    expect(rows[5]).toHaveTextContent('Asha Rao');
  });

  it('keeps the board when a row is malformed: a row without points is left out, one that cannot render is a quiet line', async () => {
    resetFakeDatabase({
      leaderboard: {
        all: {
          ada: { points: 50, displayName: 'Ada', photoURL: '' },
          // A name that is an object cannot be rendered (a record written by hand, or by an old bug).
          bad: { points: 40, displayName: { x: 1 }, photoURL: '' },
          bo: { points: 30, displayName: 'Bo', photoURL: '' },
          stub: { displayName: 'No points' },
        },
      },
    });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      renderApp(<LeaderboardPage />, { user: null });
      const allTime = await rowsOf('All-time Top List');
      const rows = await allTime.findAllByRole('listitem');
      expect(rows.map((row) => row.textContent)).toEqual([
        expect.stringContaining('Ada'),
        'This row can’t be shown.',
        expect.stringContaining('Bo'),
      ]);
    } finally {
      quiet.mockRestore();
    }
  });

  it('names the tab "Leader-board · ChallangeX"', async () => {
    document.title = 'Another page';
    resetFakeDatabase({ leaderboard: { all: board(2) } });
    renderApp(<LeaderboardPage />, { user: null });
    await rowsOf('All-time Top List');
    expect(document.title).toBe('Leader-board · ChallangeX');
  });

  it('says "101+" when more members are ahead than the rules let one query count', async () => {
    resetFakeDatabase({ leaderboard: { all: board(150, 5) } });
    renderApp(<LeaderboardPage />, { user: viewer });
    const allTime = await rowsOf('All-time Top List');
    await allTime.findByText('Your rank');
    expect(allTime.getAllByRole('listitem').at(-1)).toHaveTextContent('#101+');
  });

  it('marks the viewer inside the top list without repeating them', async () => {
    resetFakeDatabase({ leaderboard: { all: board(4, 1000) } });
    renderApp(<LeaderboardPage />, { user: viewer });
    const allTime = await rowsOf('All-time Top List');
    const rows = await allTime.findAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('#1');
    expect(rows[0]).toHaveTextContent('Asha Rao');
    expect(rows[0]).toHaveAttribute('aria-current', 'true');
    expect(rows).toHaveLength(5);
    expect(allTime.queryByText('Your rank')).not.toBeInTheDocument();
  });

  it('invites a viewer who has no points yet, and shows empty and error states', async () => {
    resetFakeDatabase({ leaderboard: { all: board(2) } });
    failReadsAt(`leaderboard/monthly/${month}`);
    renderApp(<LeaderboardPage />, { user: viewer });
    const allTime = await rowsOf('All-time Top List');
    expect(await allTime.findByText(/You are not on this list yet/)).toBeInTheDocument();
    const weekly = await rowsOf('Weekly Top List');
    expect(await weekly.findByText('No points earned this week yet.')).toBeInTheDocument();
    const monthly = await rowsOf('Monthly Top List');
    expect(
      await monthly.findByText(
        'This list could not be loaded. Check your connection and reload the page.',
      ),
    ).toBeInTheDocument();
  });
});

describe('TopChallengers', () => {
  it('lists the top 3 of all time with avatar, name, Total Score and Join At', async () => {
    resetFakeDatabase({ leaderboard: { all: board(5) } });
    renderApp(<TopChallengers signedIn />, { user: viewer });
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Member 5');
    expect(items[0]).toHaveTextContent('Total Score: 50');
    expect(items[0]).toHaveTextContent('Join At: 6 Jan 2026');
    expect(within(items[0]).getByRole('link', { name: 'Member 5' })).toHaveAttribute(
      'href',
      '/profile/Member%205/member-5',
    );
  });

  it('shows the Join At of a member whose join date is the server clock (a number), and points as en-IN', async () => {
    resetFakeDatabase({
      leaderboard: {
        all: {
          'member-new': {
            points: 123456,
            displayName: 'Neha',
            photoURL: '',
            // Noon UTC: the same date in every zone from UTC−11 to UTC+11.
            joinAt: Date.parse('2026-02-10T12:00:00Z'),
          },
        },
      },
    });
    renderApp(<TopChallengers signedIn />, { user: viewer });
    const [item] = await screen.findAllByRole('listitem');
    expect(item).toHaveTextContent('Total Score: 1,23,456 · Join At: 10 Feb 2026');
  });
});
