import { act } from '@testing-library/react';
import { vi } from 'vitest';

type Report = (entries: Array<{ isIntersecting: boolean }>) => void;

/**
 * The browser's IntersectionObserver, as far as Deferred (src/components/deferred.tsx) uses
 * it: the test says when what is observed nears the viewport. Undone by `vi.unstubAllGlobals()`.
 */
export function controlIntersections() {
  const observed: Element[] = [];
  const reports: Report[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(report: Report) {
        reports.push(report);
      }
      observe(element: Element) {
        observed.push(element);
      }
      disconnect() {}
    },
  );
  return {
    observed,
    /** Every observer hears that its element is near. */
    nearAll: () => act(() => reports.forEach((report) => report([{ isIntersecting: true }]))),
  };
}
