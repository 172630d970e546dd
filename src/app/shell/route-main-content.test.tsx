import { act, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { eachTestAFreshPageLoad } from '@/testing/fresh-page-load';

// The signal is remembered per page load: each test loads the modules afresh.
const renderAt = async (path: string) => {
  const { RouteMainContent } = await import('./route-main-content');
  const { isMainContentShown } = await import('@/lib/main-content');
  render(
    <MemoryRouter initialEntries={[path]}>
      <RouteMainContent />
    </MemoryRouter>,
  );
  return isMainContentShown;
};

eachTestAFreshPageLoad();

describe('RouteMainContent', () => {
  it.each(['/about', '/login', '/leader-board', '/join/c1'])(
    'on %s (no main content of its own) reports the first render once on screen',
    async (path) => {
      const isMainContentShown = await renderAt(path);
      expect(isMainContentShown()).toBe(false);
      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(isMainContentShown()).toBe(true);
    },
  );

  it.each(['/', '/feed', '/challange/week/u1/c1', '/profile/Asha/u1'])(
    'on %s leaves the report to the screen',
    async (path) => {
      const isMainContentShown = await renderAt(path);
      await act(() => vi.advanceTimersByTimeAsync(5_000));
      expect(isMainContentShown()).toBe(false);
    },
  );
});
