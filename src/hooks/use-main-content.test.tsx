import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { eachTestAFreshPageLoad } from '@/testing/fresh-page-load';

// The signal is remembered per page load: each test loads the modules afresh.
const load = async () => {
  const hooks = await import('./use-main-content');
  const signal = await import('@/lib/main-content');
  return { ...hooks, ...signal };
};

eachTestAFreshPageLoad();

/** A page whose main content arrives when its button is pressed, and a part that waits for it. */
async function pageWithMainContent() {
  const { useMainContent, afterMainContent, isMainContentShown } = await load();
  const secondary = vi.fn();
  afterMainContent(secondary);
  function Page() {
    const [loaded, setLoaded] = useState(false);
    const onScreen = useMainContent(loaded);
    return (
      <>
        <button onClick={() => setLoaded(true)}>Load</button>
        <p>{onScreen ? 'main on screen' : 'main pending'}</p>
      </>
    );
  }
  render(<Page />);
  return { isMainContentShown, secondary };
}

describe('useMainContent', () => {
  it('reports the main content only once a render showing it is on screen; what waits for it starts then', async () => {
    const { isMainContentShown, secondary } = await pageWithMainContent();
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(isMainContentShown()).toBe(false);
    expect(secondary).not.toHaveBeenCalled();

    act(() => screen.getByRole('button', { name: 'Load' }).click());
    expect(isMainContentShown()).toBe(false); // rendered, not yet painted
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(isMainContentShown()).toBe(true);
    expect(screen.getByText('main on screen')).toBeTruthy();
    expect(secondary).toHaveBeenCalledOnce();
  });
});

describe('useReportMainContent', () => {
  it('reports the main content once on screen, without a render of its own', async () => {
    const { useReportMainContent, isMainContentShown } = await load();
    let renders = 0;
    function Page() {
      renders += 1;
      useReportMainContent(true);
      return <p>main</p>;
    }
    render(<Page />);
    const rendersBefore = renders;
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(isMainContentShown()).toBe(true);
    expect(renders).toBe(rendersBefore);
  });
});
