import { screen } from '@testing-library/react';
import type { MealRecord } from '@domain/challenges/challenge-record';
import { memberFixture, renderApp } from '@/testing/render-app';
import { DayMealCards } from './day-meal-cards';

// A photo waiting on this phone keeps its meal row after the window closes: it may still count for
// 24 hours (docs/product.md, "Photos that wait for the network").

const challenge = { ownerId: memberFixture.uid, challengeId: '-Nchallenge000000005' };
const WAITING_PATH = `Challenge/${challenge.ownerId}/${challenge.challengeId}/Day1-lunch.jpg`;

vi.mock('../api/waiting-proof-sender', () => ({
  waitingProofState: (key: string) => (key === WAITING_PATH ? { kind: 'waiting' } : undefined),
  subscribeWaitingProofStates: () => () => {},
  resumeWaitingProofs: () => Promise.resolve(),
  waitingProofCount: () => 1,
}));

const NOW = Date.parse('2025-06-10T12:00:00Z');
const HOUR = 3_600_000;
const meal = (name: string, closedHoursAgo: number): MealRecord => ({
  name,
  calories: 500,
  protein: 30,
  carbs: 60,
  fat: 15,
  details: '',
  img: '',
  status: 'Pending',
  opensAt: NOW - (closedHoursAgo + 2) * HOUR,
  closesAt: NOW - closedHoursAgo * HOUR,
});

it('shows "Saved on this phone" on a closed meal whose photo waits, and nothing of the kind on one without', async () => {
  renderApp(
    <DayMealCards
      challenge={challenge}
      plan={{
        dayNumber: 1,
        calories: 1000,
        protein: 60,
        meals: { breakfast: meal('Poha', 3), lunch: meal('Rajma rice', 1) },
      }}
      now={NOW}
      startedAt={NOW - 24 * HOUR}
      timeZone="UTC"
    />,
    { user: memberFixture, path: '/challange/green-week' },
  );
  const lunch = screen.getByRole('article', { name: /^Lunch/ });
  expect(await screen.findByText('Saved on this phone')).toBeInTheDocument();
  expect(lunch).toHaveTextContent('Saved on this phone');
  const breakfast = screen.getByRole('article', { name: /^Breakfast/ });
  expect(breakfast).not.toHaveTextContent('Saved on this phone');
  expect(screen.queryByLabelText('Proof photo for Day 1 breakfast')).not.toBeInTheDocument();
});
