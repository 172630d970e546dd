import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { DayPlan } from '../lib/challenge-meals';
import { DayChips } from './day-chips';

const plans = [1, 2, 3].map((dayNumber) => ({ dayNumber, meals: {} }) as DayPlan);
const drawn: number[] = [];

function Days() {
  const [active, setActive] = useState(1);
  return (
    <DayChips plans={plans} activeDay={active} today={1} onOpen={setActive}>
      {(plan) => {
        drawn.push(plan.dayNumber);
        return <p>Meals of day {plan.dayNumber}</p>;
      }}
    </DayChips>
  );
}

beforeEach(() => (drawn.length = 0));

it('draws only the days opened, and keeps an opened day (its upload) while another shows', async () => {
  render(<Days />);
  expect(screen.getByRole('tabpanel', { name: 'Day 1 · Today' })).toHaveTextContent(
    'Meals of day 1',
  );
  expect(drawn).toEqual([1]);
  expect(screen.getByRole('tab', { name: 'Day 2' })).not.toHaveAttribute('aria-controls');

  await userEvent.click(screen.getByRole('tab', { name: 'Day 2' }));
  expect(screen.getByRole('tab', { name: 'Day 2' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('tabpanel', { name: 'Day 2' })).toHaveTextContent('Meals of day 2');
  // Day 1 stays mounted, hidden; Day 3 was never drawn.
  expect(screen.getByText('Meals of day 1')).not.toBeVisible();
  expect(screen.queryByText('Meals of day 3')).toBeNull();
});

it('moves between days with the arrow keys, Home and End, one chip in the tab order', async () => {
  render(<Days />);
  const tab = (name: string) => screen.getByRole('tab', { name });
  expect(tab('Day 1 · Today')).toHaveAttribute('tabindex', '0');
  expect(tab('Day 2')).toHaveAttribute('tabindex', '-1');
  tab('Day 1 · Today').focus();
  await userEvent.keyboard('{ArrowRight}');
  expect(tab('Day 2')).toHaveFocus();
  expect(tab('Day 2')).toHaveAttribute('aria-selected', 'true');
  await userEvent.keyboard('{End}');
  expect(tab('Day 3')).toHaveFocus();
  await userEvent.keyboard('{ArrowRight}');
  expect(tab('Day 1 · Today')).toHaveFocus();
  await userEvent.keyboard('{ArrowLeft}');
  expect(tab('Day 3')).toHaveFocus();
  await userEvent.keyboard('{Home}');
  expect(tab('Day 1 · Today')).toHaveAttribute('aria-selected', 'true');
});
