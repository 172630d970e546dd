import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ActionMenu } from './action-menu';

const edit = vi.fn();
const remove = vi.fn();

function renderMenu() {
  render(
    <>
      <ActionMenu
        toggle="More"
        toggleClassName="btn-outline-secondary"
        items={[
          { label: 'Edit', onSelect: edit },
          { label: 'Delete', onSelect: remove, danger: true },
        ]}
      />
      <p>Outside</p>
    </>,
  );
  return screen.getByRole('button', { name: 'More' });
}

beforeEach(() => vi.clearAllMocks());

it('renders its items only while open, the first one focused, and runs the one chosen', async () => {
  const toggle = renderMenu();
  expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus();
  expect(screen.getByRole('button', { name: 'Delete' })).toHaveClass('text-danger');
  await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
  expect(remove).toHaveBeenCalledTimes(1);
  expect(edit).not.toHaveBeenCalled();
  expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  expect(toggle).toHaveFocus();
});

it('closes on Escape, giving focus back to its button, and on a press outside', async () => {
  const toggle = renderMenu();
  await userEvent.click(toggle);
  await userEvent.keyboard('{Escape}');
  expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  expect(toggle).toHaveFocus();
  await userEvent.click(toggle);
  await userEvent.click(screen.getByText('Outside'));
  expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  expect(edit).not.toHaveBeenCalled();
});
