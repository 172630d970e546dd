import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { controlIntersections } from '@/testing/intersection-control';
import { useNearViewport } from './use-near-viewport';

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

let intersections: ReturnType<typeof controlIntersections>;
beforeEach(() => {
  intersections = controlIntersections();
});
afterEach(() => vi.unstubAllGlobals());

describe('useNearViewport', () => {
  it('observes an element that appears after the first render, and reports it near', async () => {
    render(<LateSection />);
    expect(intersections.observed).toHaveLength(0);
    act(() => screen.getByRole('button', { name: 'Load' }).click());
    const section = screen.getByRole('region', { name: 'Late' });
    expect(intersections.observed).toEqual([section]);
    expect(section).toHaveTextContent('far');
    intersections.nearAll();
    expect(section).toHaveTextContent('near');
  });
});
