import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setAppUpdateState } from './app-updates';
import { UpdatePrompt } from './update-prompt';

describe('UpdatePrompt', () => {
  afterEach(() => act(() => setAppUpdateState({ waiting: false, reload: async () => {} })));

  it('says nothing until a new version waits, then offers it in the same place', () => {
    const { container } = render(<UpdatePrompt />);
    expect(container).toBeEmptyDOMElement();
    // The same mounted prompt, once the worker reports a waiting version: it listens, it was not just blank.
    act(() => setAppUpdateState({ waiting: true, reload: async () => {} }));
    expect(screen.getByRole('alert')).toHaveTextContent('A new version of ChallangeX is available');
    act(() => setAppUpdateState({ waiting: false, reload: async () => {} }));
    expect(container).toBeEmptyDOMElement();
  });

  it('offers the waiting version and reloads into it only when asked', async () => {
    const reload = vi.fn(() => new Promise<void>(() => {}));
    render(<UpdatePrompt />);
    act(() => setAppUpdateState({ waiting: true, reload }));
    expect(screen.getByRole('alert')).toHaveTextContent('A new version of ChallangeX is available');
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Reloading…' })).toBeDisabled();
  });

  it('can be put off', async () => {
    const reload = vi.fn(async () => {});
    render(<UpdatePrompt />);
    act(() => setAppUpdateState({ waiting: true, reload }));
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});
