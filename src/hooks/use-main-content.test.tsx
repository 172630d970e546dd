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

/** A page whose main content arrives when its button is pressed, with a secondary photo beside it. */
async function pageWithMainContent() {
  const { useMainContent, useAfterMainContent, isMainContentShown } = await load();
  function Secondary() {
    return <p>{useAfterMainContent() ? 'photo' : 'blank'}</p>;
  }
  function Page() {
    const [loaded, setLoaded] = useState(false);
    const onScreen = useMainContent(loaded);
    return (
      <>
        <button onClick={() => setLoaded(true)}>Load</button>
        <p>{onScreen ? 'main on screen' : 'main pending'}</p>
        <Secondary />
      </>
    );
  }
  render(<Page />);
  return { isMainContentShown };
}

describe('useMainContent and useAfterMainContent', () => {
  it('reports the main content only once a render showing it is on screen; secondary parts wait for it', async () => {
    const { isMainContentShown } = await pageWithMainContent();
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(isMainContentShown()).toBe(false);
    expect(screen.getByText('blank')).toBeTruthy();

    act(() => screen.getByRole('button', { name: 'Load' }).click());
    expect(isMainContentShown()).toBe(false); // rendered, not yet painted
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(isMainContentShown()).toBe(true);
    expect(screen.getByText('main on screen')).toBeTruthy();
    expect(screen.getByText('photo')).toBeTruthy();
  });

  it('on a page that declares nothing, secondary parts start after the fallback wait, not before', async () => {
    const { useAfterMainContent, UNREPORTED_CONTENT_WAIT_MS } = await load();
    function Secondary() {
      return <p>{useAfterMainContent() ? 'photo' : 'blank'}</p>;
    }
    render(<Secondary />);
    await act(() => vi.advanceTimersByTimeAsync(UNREPORTED_CONTENT_WAIT_MS - 1));
    expect(screen.getByText('blank')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByText('photo')).toBeTruthy();
  });

  it('secondary parts mounted after the report start at once', async () => {
    const { useAfterMainContent, reportMainContentShown } = await load();
    reportMainContentShown();
    function Secondary() {
      return <p>{useAfterMainContent() ? 'photo' : 'blank'}</p>;
    }
    render(<Secondary />);
    expect(screen.getByText('photo')).toBeTruthy();
  });
});
