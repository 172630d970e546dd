import { render, screen, within } from '@testing-library/react';
import type { MealRecord } from '@/domain/challenge-record';
import { dayPlans } from '../lib/challenge-meals';
import { challengeProgress } from '../lib/challenge-progress';
import { ChallengeProgressView } from './challenge-progress';

const meal = (calories: number, done = false): MealRecord => ({
  name: 'x',
  calories,
  protein: calories / 20,
  carbs: calories / 8,
  fat: calories / 40,
  details: '',
  img: '',
  status: done ? 'Done' : 'Pending',
  opensAt: 0,
  closesAt: 1,
});

const plans = dayPlans({
  day: 3,
  meals: {
    Day1: { breakfast: meal(400, true), lunch: meal(800, true), dinner: meal(600) },
    Day2: { breakfast: meal(400), lunch: meal(800, true), dinner: meal(600, true) },
    Day3: { breakfast: meal(400), lunch: meal(800), dinner: meal(600) },
  },
});
const targets = { calories: 1800, protein: 90, carbs: 225, fat: 50 };

describe('challenge progress', () => {
  it('counts meals proved against planned, and what the proved meals add up to', () => {
    const progress = challengeProgress(plans);
    expect(progress).toMatchObject({ planned: 9, proved: 4, adherence: 44 });
    expect(progress.days.map((day) => [day.proved, day.eaten.calories])).toEqual([
      [2, 1200],
      [2, 1400],
      [0, 0],
    ]);
  });

  it('shows adherence in one figure and a table a screen reader reads, day by day', () => {
    render(<ChallengeProgressView plans={plans} targets={targets} />);
    const section = screen.getByRole('region', { name: 'Progress' });
    expect(within(section).getByText('Adherence: 44 %')).toBeInTheDocument();
    const table = within(section).getByRole('table', {
      name: 'Meals proved and what they add up to, each day against its targets',
    });
    const day1 = within(table).getByRole('row', { name: /Day 1/ });
    expect(
      within(day1)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2 / 3', '1,200 / 1,800', '60 / 90', '150 / 225', '30 / 50']);
  });
});
