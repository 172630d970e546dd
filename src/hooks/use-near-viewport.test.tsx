import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNearViewport } from './use-near-viewport';

/** The browser's IntersectionObserver, as far as the hook uses it: the test says when an element nears. */
const observed: Element[] = [];
const callbacks: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];
class FakeIntersectionObserver {
  constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
    callbacks.push(callback);
  }
  observe(element: Element) {
    observed.push(element);
  }
  disconnect() {}
}

/** The observed element appears only once `loaded`, as a page's section behind its loading state. */
function LateSection() {
  const [loaded, setLoaded] = useState(false);
  const [ref, near] = useNearViewport<HTMLElement>(60_000);
  return (
    <>
      <button onClick={() => setLoaded(true)}>Load</button>
      {loaded && (
        <section ref={ref} aria-label="Late">
          {near ? 'near' : 'far'}
        </section>
      )}
    </>
  );
}

beforeEach(() => {
  observed.length = 0;
  callbacks.length = 0;
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});
afterEach(() => vi.unstubAllGlobals());

describe('useNearViewport', () => {
  it('observes an element that appears after the first render, and reports it near', async () => {
    render(<LateSection />);
    expect(observed).toHaveLength(0);
    act(() => screen.getByRole('button', { name: 'Load' }).click());
    const section = screen.getByRole('region', { name: 'Late' });
    expect(observed).toEqual([section]);
    expect(section).toHaveTextContent('far');
    await act(async () => callbacks.at(-1)!([{ isIntersecting: true }]));
    expect(section).toHaveTextContent('near');
  });
});
