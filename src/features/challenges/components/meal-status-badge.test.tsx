import { render, screen } from '@testing-library/react';
import { MealStatusBadge } from './meal-status-badge';

it('shows the meal status when its proof has no review', () => {
  render(<MealStatusBadge status="Done" />);
  expect(screen.getByText('Done')).toBeInTheDocument();
});

it('shows "Under review" for a flagged proof, and that it earns nothing yet', () => {
  render(<MealStatusBadge status="Done" review={{ state: 'flagged' }} />);
  expect(screen.getByText('Under review')).toBeInTheDocument();
  expect(screen.queryByText('Done')).not.toBeInTheDocument();
  expect(screen.getByText(/earns points once approved/)).toBeInTheDocument();
});

it('shows "Done" once approved', () => {
  render(<MealStatusBadge status="Done" review={{ state: 'approved' }} />);
  expect(screen.getByText('Done')).toBeInTheDocument();
});

it('shows "Rejected" with the admin\'s reason', () => {
  render(
    <MealStatusBadge
      status="Available"
      review={{ state: 'rejected', rejectedReason: 'The same photo as another member' }}
    />,
  );
  expect(screen.getByText('Rejected')).toBeInTheDocument();
  expect(screen.getByText('Reason: The same photo as another member')).toBeInTheDocument();
});
