import { act, renderHook, waitFor } from '@testing-library/react';
import { resetFakeDatabase, writePaths } from '@/testing/fake-database';
import { useDatabaseChildren, useDatabaseValue } from './use-database';

// The fake calls every listener back on every write, as the SDK's listener repeats what REST gave first.
vi.mock('@/services/database', () => import('@/testing/fake-database'));

beforeEach(() => {
  resetFakeDatabase({
    users: { a: { info: { score: 1 }, challenges: { c1: { createdAt: 1, title: 'One' } } } },
  });
});

describe('useDatabaseValue', () => {
  it('renders a new answer, and not an answer equal to the one on screen', async () => {
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useDatabaseValue<{ score: number }>('users/a/info');
    });
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', value: { score: 1 } }));
    const shown = result.current.value;
    const rendersWhenShown = renders;

    await act(() => writePaths({ 'users/b/info': { score: 9 } }));
    expect(renders).toBe(rendersWhenShown);
    expect(result.current.value).toBe(shown);

    await act(() => writePaths({ 'users/a/info/score': 2 }));
    await waitFor(() => expect(result.current.value).toEqual({ score: 2 }));
    expect(renders).toBeGreaterThan(rendersWhenShown);
  });
});

describe('useDatabaseChildren', () => {
  it('renders changed rows, and not rows equal to the ones on screen', async () => {
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useDatabaseChildren<{ title: string }>('users/a/challenges', {
        orderBy: 'createdAt',
        limitToLast: 1,
      });
    });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    const rendersWhenShown = renders;

    await act(() => writePaths({ 'users/a/info/score': 5 }));
    expect(renders).toBe(rendersWhenShown);

    await act(() => writePaths({ 'users/a/challenges/c2': { createdAt: 2, title: 'Two' } }));
    await waitFor(() =>
      expect(result.current.value).toEqual([{ key: 'c2', value: { createdAt: 2, title: 'Two' } }]),
    );
  });
});
