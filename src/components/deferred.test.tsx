import { lazy, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { controlIntersections } from '@/testing/intersection-control';
import { Deferred } from './deferred';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Deferred', () => {
  it('holds a placeholder of the given height until it nears the viewport, then renders its children', () => {
    const intersections = controlIntersections();
    const { container } = render(
      <Deferred height={120}>
        <p>Later</p>
      </Deferred>,
    );
    expect(screen.queryByText('Later')).toBeNull();
    const placeholder = container.firstElementChild as HTMLElement;
    expect(placeholder.style.height).toBe('120px');
    expect(intersections.observed).toEqual([placeholder]);
    intersections.nearAll();
    expect(screen.getByText('Later')).toBeInTheDocument();
  });

  it('renders at once where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <Deferred height={40}>
        <p>Later</p>
      </Deferred>,
    );
    expect(screen.getByText('Later')).toBeInTheDocument();
  });

  it("renders 'idle' content once the browser is idle", () => {
    let idle: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => ((idle = callback), 1));
    vi.stubGlobal('cancelIdleCallback', () => {});
    render(
      <Deferred when="idle" height={40}>
        <p>Later</p>
      </Deferred>,
    );
    expect(screen.queryByText('Later')).toBeNull();
    act(() => idle?.());
    expect(screen.getByText('Later')).toBeInTheDocument();
  });

  it('keeps the placeholder while a lazy child loads', async () => {
    const intersections = controlIntersections();
    let arrive: () => void = () => {};
    const Slow = lazy(
      () =>
        new Promise<{ default: () => ReactNode }>(
          (resolve) => (arrive = () => resolve({ default: () => <p>Arrived</p> })),
        ),
    );
    const { container } = render(
      <Deferred height={80}>
        <Slow />
      </Deferred>,
    );
    intersections.nearAll();
    expect((container.firstElementChild as HTMLElement).style.height).toBe('80px');
    await act(async () => arrive());
    expect(await screen.findByText('Arrived')).toBeInTheDocument();
  });
});
