import { act, render, screen, waitFor, within } from '@testing-library/react';
import { Profiler, type ProfilerOnRenderCallback } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { MEAL_SLOTS } from '@domain/constants';
import { dbPaths } from '@domain/data/database-paths';
import type { BoardMeal, BoardRow } from '@domain/challenges/group-records';
import type { MealKey } from '@domain/challenges/meal-key';
import { compactBoardMeals } from '@domain/challenges/board-windows';
import { reportMainContentShown } from '@/lib/main-content';
import { HOUR } from '../testing/fake-challenge-database';
import { resetGroupDatabase, setGroupValue } from '../testing/group-fake-database';
import { useGroupBoard } from '../hooks/use-group-board';
import { ChallengeBoard } from './challenge-board';

// The 50-member board's render cost (docs/performance.md, "The page with a 50-member board"): how many rows
// render at first, on a live update of one row and on the page's clock tick. Each row draws one avatar, so
// the avatar's renders count the rows rendered.
const avatarRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('@/components/member-avatar', () => ({
  MemberAvatar: ({ name }: { name: string }) => {
    avatarRenders.count++;
    return <span aria-hidden="true">{name.slice(0, 1)}</span>;
  },
}));
vi.mock(
  '@/services/database',
  async () => (await import('../testing/group-fake-database')).groupDatabaseService,
);

const DAY = 24 * HOUR;
const now = Date.now();
const start = now - 3.5 * DAY;
const MEMBERS = 50;

/** A 7-day plan's row as group-fill.ts makes them: every window, the first `proved` meals proved. */
function row(index: number, proved: number): BoardRow {
  const meals: Partial<Record<MealKey, BoardMeal>> = {};
  let count = 0;
  for (let day = 1; day <= 7; day++)
    MEAL_SLOTS.forEach((slot, slotIndex) => {
      const opensAt = start + (day - 1) * DAY + (8 + 5 * slotIndex) * HOUR;
      const done = opensAt < now && count++ < proved;
      meals[`Day${day}-${slot}`] = {
        opensAt,
        closesAt: opensAt + 2 * HOUR,
        ...(done && { proof: 'Done' as const, cheers: index % 4 }),
      };
    });
  return {
    displayName: `Member ${index}`,
    photoURL: '',
    joinedAt: start,
    proved,
    points: proved * 10,
    ...(proved > 0 && { lastProvedAt: start + proved * HOUR }),
    ...compactBoardMeals(meals),
  };
}

function members(): Record<string, BoardRow> {
  const rows: Record<string, BoardRow> = {};
  for (let index = 0; index < MEMBERS; index++) rows[`uid-${index}`] = row(index, index % 11);
  return rows;
}

/** The browser's IntersectionObserver, as far as Deferred uses it: a test says when the list's end nears. */
const observers: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];
class FakeIntersectionObserver {
  constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
    observers.push(callback);
  }
  observe() {}
  disconnect() {}
}

beforeEach(() => {
  // The board's read waits for the page's plan on screen; here the board is the page.
  reportMainContentShown();
  resetGroupDatabase();
  avatarRenders.count = 0;
  observers.length = 0;
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});
afterEach(() => vi.unstubAllGlobals());

/** The board as the page's layout gives it the members and the board built from them at `now`. */
function Board({ now }: { now: number }) {
  const group = useGroupBoard('c1', now);
  return <ChallengeBoard challengeId="c1" group={group} groupOwnerId="uid-0" viewerUid="uid-0" />;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

it("renders the top of a 50-member board with its buttons, the rest when the list's end nears the viewport, then only the rows that change", async () => {
  const rows = members();
  setGroupValue(dbPaths.groupMembers('c1'), rows);
  const commits: number[] = [];
  const onRender: ProfilerOnRenderCallback = (_id, _phase, actualDuration) =>
    commits.push(actualDuration);
  const board = (at: number) => (
    <MemoryRouter>
      <Profiler id="board" onRender={onRender}>
        <Board now={at} />
      </Profiler>
    </MemoryRouter>
  );
  const measure = async (change: () => void | Promise<void>) => {
    avatarRenders.count = 0;
    commits.length = 0;
    await change();
    return { rows: avatarRenders.count, ms: sum(commits) };
  };
  const region = () => screen.getByRole('region', { name: 'Challenge board' });
  let rerender: (ui: React.ReactNode) => void = () => {};

  // The first read: the top rows, with their buttons once what the viewer gave is read; the rest is a
  // placeholder of their height (the board is below the plan on phones).
  const first = await measure(async () => {
    ({ rerender } = render(board(now)));
    expect(await within(region()).findAllByRole('listitem')).toHaveLength(10);
    await within(region()).findAllByRole('button', { name: /^Options for/ });
  });
  expect(within(region()).getAllByRole('listitem')).toHaveLength(10);
  const summaryElements = region().querySelectorAll('*').length;

  // The list's end nears the viewport: the other rows come, with their buttons.
  const near = await measure(async () => {
    act(() => observers.forEach((callback) => callback([{ isIntersecting: true }])));
    await waitFor(() => expect(within(region()).getAllByRole('listitem')).toHaveLength(MEMBERS));
  });
  const fullElements = region().querySelectorAll('*').length;

  // A cheer lands on one member's meal: a new members value in which one row differs, rank unchanged.
  const cheered = structuredClone(rows);
  cheered['uid-7']!.meals!['Day3-breakfast']!.cheers = 9;
  const cheer = await measure(async () => {
    act(() => setGroupValue(dbPaths.groupMembers('c1'), cheered));
    await waitFor(() =>
      expect(
        within(region()).getByRole('button', { name: 'Cheer Member 7' }),
      ).toHaveAccessibleDescription('9 cheers for Day 3 breakfast'),
    );
  });

  // A proof lands and moves a member up: their row, and the rows whose rank it passes.
  const rankOf = (name: string) =>
    within(region())
      .getAllByRole('listitem')
      .findIndex((item) => item.getAttribute('aria-label')?.endsWith(`. ${name}`));
  const rankBefore = rankOf('Member 7');
  const proved = await measure(async () => {
    act(() =>
      setGroupValue(dbPaths.groupMembers('c1'), {
        ...structuredClone(cheered),
        'uid-7': { ...structuredClone(cheered['uid-7']!), proved: 8, points: 90 },
      }),
    );
    await within(region()).findByText(/8 of \d+ meals so far proved · \d+ planned · 90 points/);
  });
  const passed = rankBefore - rankOf('Member 7');

  // The page's clock moves on 15 s (no window opens or closes meanwhile).
  const tick = await measure(() => rerender(board(now + 15_000)));

  console.info(
    `50-member board: first render ${first.rows} rows, ${summaryElements} elements, ${first.ms.toFixed(1)} ms; ` +
      `near the viewport: ${near.rows} rows, ${fullElements} elements, ${near.ms.toFixed(1)} ms; ` +
      `a cheer on one row: ${cheer.rows} rows, ${cheer.ms.toFixed(1)} ms; ` +
      `a proof moving a member up ${passed} places: ${proved.rows} rows, ${proved.ms.toFixed(1)} ms; ` +
      `clock tick: ${tick.rows} rows, ${tick.ms.toFixed(1)} ms`,
  );
  expect(first.rows).toBe(10);
  expect(near.rows).toBe(MEMBERS - 10);
  expect(summaryElements).toBeLessThan(fullElements / 2);
  expect(cheer.rows).toBe(1);
  expect(passed).toBeGreaterThan(0);
  expect(proved.rows).toBe(passed + 1);
  expect(tick.rows).toBe(0);
});
