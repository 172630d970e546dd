import { render, screen, within } from '@testing-library/react';
import type { MealRecord } from '@domain/challenges/challenge-record';
import { dayPlans } from '../lib/challenge-meals';
import { challengeProgress } from '../lib/challenge-progress';
import { ChallengeProgressView } from './challenge-progress';

const OPENS = 1_000;
const CLOSES = 2_000;
/** After every window: all meals are so far. */
const NOW = 10_000;

/** A meal of the plan; a Done one proved inside its window (as the proof route records it). */
const meal = (calories: number, done = false, extra: Partial<MealRecord> = {}): MealRecord => ({
  name: 'x',
  calories,
  protein: calories / 20,
  carbs: calories / 8,
  fat: calories / 40,
  details: '',
  img: '',
  status: done ? 'Done' : 'Pending',
  opensAt: OPENS,
  closesAt: CLOSES,
  ...(done && { doneAt: OPENS + 10 }),
  ...extra,
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
  it('means proved of the meals so far, the total beside it, meals before the start not counted', () => {
    const later = (opensAt: number, done = false) =>
      meal(100, done, { opensAt, closesAt: opensAt + 500, ...(done && { doneAt: opensAt + 1 }) });
    const running = dayPlans({
      day: 2,
      meals: {
        Day1: { breakfast: later(0), lunch: later(1_000, true), dinner: later(2_000) },
        Day2: { breakfast: later(3_000), lunch: later(4_000), dinner: later(5_000) },
      },
    });
    // Started at 600 (breakfast had closed), now 2_100: lunch and dinner so far, one proved.
    const progress = challengeProgress(running, 2_100, 600);
    expect(progress.adherence).toEqual({ proved: 1, soFar: 2, total: 5, percent: 50 });
    render(<ChallengeProgressView plans={running} targets={targets} now={2_100} startedAt={600} />);
    expect(screen.getByText('Adherence: 50 %')).toBeInTheDocument();
    expect(screen.getByText('(1 of 2 meals so far proved · 5 planned)')).toBeInTheDocument();
  });

  it('counts meals proved against planned, and what the proved meals add up to', () => {
    const progress = challengeProgress(plans, NOW, undefined);
    expect(progress).toMatchObject({
      planned: 9,
      proved: 4,
      adherence: { proved: 4, soFar: 9, total: 9, percent: 44 },
    });
    expect(progress.days.map((day) => [day.proved, day.eaten.calories])).toEqual([
      [2, 1200],
      [2, 1400],
      [0, 0],
    ]);
  });

  it('counts only what the server counts: a proof under review, rejected or outside its window earns nothing', () => {
    const reviewed = dayPlans({
      day: 1,
      meals: {
        Day1: {
          breakfast: meal(400, true, {
            review: { state: 'flagged', reasons: ['duplicate'], at: 1 },
          }),
          lunch: meal(800, true, { review: { state: 'approved', reasons: ['duplicate'], at: 1 } }),
          dinner: meal(600, true, { doneAt: CLOSES + 1 }),
        },
      },
    });
    const rejected = dayPlans({
      day: 1,
      meals: {
        Day1: {
          breakfast: meal(400, false, {
            status: 'Rejected',
            doneAt: OPENS + 10,
            review: { state: 'rejected', reasons: ['duplicate'], rejectedReason: 'No', at: 1 },
          }),
          lunch: meal(800),
          dinner: meal(600),
        },
      },
    });
    expect(challengeProgress(reviewed, NOW, undefined)).toMatchObject({
      planned: 3,
      proved: 1,
      underReview: 1,
      adherence: { percent: 33 },
      days: [{ proved: 1, underReview: 1, eaten: { calories: 800 } }],
    });
    expect(challengeProgress(rejected, NOW, undefined)).toMatchObject({
      proved: 0,
      underReview: 0,
      adherence: { percent: 0 },
    });
  });

  it('says which meals are under review, day by day', () => {
    const flagged = dayPlans({
      day: 1,
      meals: {
        Day1: {
          breakfast: meal(400, true, {
            review: { state: 'flagged', reasons: ['reported'], at: 1 },
          }),
          lunch: meal(800, true),
          dinner: meal(600),
        },
      },
    });
    render(
      <ChallengeProgressView plans={flagged} targets={targets} now={NOW} startedAt={undefined} />,
    );
    const section = screen.getByRole('region', { name: 'Progress' });
    expect(within(section).getByText('Adherence: 33 %')).toBeInTheDocument();
    expect(
      within(section).getByText('(1 of 3 meals so far proved · 3 planned)'),
    ).toBeInTheDocument();
    const day1 = within(section).getByRole('row', { name: /Day 1/ });
    expect(within(day1).getAllByRole('cell')[0]).toHaveTextContent('1 / 3Under review: 1');
    expect(within(day1).getAllByRole('cell')[1]).toHaveTextContent('800 / 1,800');
  });

  it('shows adherence in one figure and a table a screen reader reads, day by day', () => {
    render(
      <ChallengeProgressView plans={plans} targets={targets} now={NOW} startedAt={undefined} />,
    );
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
