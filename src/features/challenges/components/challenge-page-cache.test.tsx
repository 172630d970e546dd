import { act, cleanup, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import type { ChallengeRecord } from '@domain/challenges/challenge-record';
import {
  challengeRecord,
  fakeChallengeDatabase as database,
  resetFakeChallengeDatabase,
} from '../testing/fake-challenge-database';
import { renderAt } from '../testing/render-challenge-page';

// Each draw of a day's meal cards is counted: the plan drawn again shows as a second count.
const mealCardDraws = vi.hoisted(() => ({ count: 0 }));
vi.mock('./day-meal-cards', async (importOriginal) => {
  const real = await importOriginal<typeof import('./day-meal-cards')>();
  return {
    ...real,
    DayMealCards: (props: ComponentProps<typeof real.DayMealCards>) => {
      mealCardDraws.count++;
      return real.DayMealCards(props);
    },
  };
});
vi.mock(
  '@/services/database',
  async () => (await import('../testing/fake-challenge-database')).fakeDatabaseService,
);
vi.mock('@/services/api-client', () => ({ callApi: vi.fn(() => Promise.resolve({})) }));
vi.mock('@/lib/toast', () => ({
  toastSuccess: vi.fn(),
  toastError: vi.fn(),
  toastInfo: vi.fn(),
  confirmAction: vi.fn(() => Promise.resolve(true)),
}));

const releaseLiveData = () =>
  act(() => {
    const answers = database.held ?? [];
    database.held = null;
    answers.forEach((answer) => answer());
  });

/** A first visit (which caches the plan), then the next one on a slow network, its live copy held back. */
async function revisit(changed?: ChallengeRecord) {
  renderAt('/challange/green-week/uid-asha/c1');
  await screen.findByRole('heading', { level: 1, name: 'Green week' });
  cleanup();
  if (changed) database.challenge = changed;
  database.held = [];
  renderAt('/challange/green-week/uid-asha/c1');
  expect(screen.getByText('updating…')).toBeInTheDocument();
  mealCardDraws.count = 0;
}

beforeEach(() => {
  localStorage.clear();
  resetFakeChallengeDatabase();
});

it('does not draw the plan again when the live copy says what the cached one did', async () => {
  await revisit();
  await releaseLiveData();
  expect(screen.queryByText('updating…')).not.toBeInTheDocument();
  expect(mealCardDraws.count).toBe(0);
});

it('draws the plan again when the live copy differs', async () => {
  const changed = challengeRecord();
  const breakfast = changed.meals.Day1!.breakfast!;
  changed.meals.Day1!.breakfast = { ...breakfast, name: 'Besan chilla' };
  await revisit(changed);
  expect(screen.queryByText(/Besan chilla/)).not.toBeInTheDocument();
  await releaseLiveData();
  expect(screen.getByRole('heading', { level: 3, name: /Besan chilla/ })).toBeInTheDocument();
  expect(mealCardDraws.count).toBeGreaterThan(0);
});
