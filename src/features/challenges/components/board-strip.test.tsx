import { act, render, screen } from '@testing-library/react';
import { dbPaths } from '@domain/data/database-paths';
import type { BoardRow } from '@domain/challenges/group-records';
import { reportMainContentShown } from '@/lib/main-content';
import { resetGroupDatabase, setGroupValue } from '../testing/group-fake-database';
import { useGroupBoard } from '../hooks/use-group-board';
import { BoardStrip } from './board-strip';

vi.mock(
  '@/services/database',
  async () => (await import('../testing/group-fake-database')).groupDatabaseService,
);

const row = (displayName: string, proved: number): BoardRow => ({
  displayName,
  photoURL: '',
  joinedAt: 1,
  proved,
  points: proved * 10,
});

const NOW = Date.now();

/** The strip as the page's layout gives it the board. */
function Strip() {
  const group = useGroupBoard('c1', NOW);
  return <BoardStrip group={group} viewerUid="uid-b" />;
}

beforeEach(() => {
  reportMainContentShown();
  resetGroupDatabase();
});

it('holds its place from the first render, so the plan below does not move when the board arrives', async () => {
  render(<Strip />);
  const strip = screen.getByRole('region', { name: 'Board at a glance' });
  expect(strip).toHaveTextContent('Team goal …');
  expect(screen.getByRole('link', { name: 'See board' })).toHaveAttribute(
    'href',
    '#challenge-board',
  );
  act(() =>
    setGroupValue(dbPaths.groupMembers('c1'), { 'uid-a': row('Asha', 2), 'uid-b': row('Ravi', 1) }),
  );
  expect(await screen.findByText('You: #2 of 2')).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Board at a glance' })).toBe(strip);
});
