import { render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, ScrollRestoration } from 'react-router-dom';
import { scrollKey } from './scroll-key';

/** A page that jumps to its #privacy section on mount, as the about page does. */
function PageWithAnchor() {
  useEffect(() => document.getElementById('privacy')?.scrollIntoView());
  return <section id="privacy">Privacy Policy</section>;
}

function openFresh(address: string, getKey?: typeof scrollKey) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <ScrollRestoration getKey={getKey} />
            <Outlet />
          </>
        ),
        children: [{ path: 'about', element: <PageWithAnchor /> }],
      },
    ],
    { initialEntries: [address] },
  );
  render(<RouterProvider router={router} />);
}

describe('scrollKey', () => {
  beforeEach(() => {
    // The position another page saved when it was left, under the key every load's first entry has.
    sessionStorage.setItem('react-router-scroll-positions', JSON.stringify({ default: 700 }));
    window.scrollTo = vi.fn() as typeof window.scrollTo;
    Element.prototype.scrollIntoView = vi.fn();
  });
  afterEach(() => sessionStorage.clear());

  it('keeps a fresh load of /about#privacy at #privacy, not at the position another page saved', async () => {
    openFresh('/about#privacy', scrollKey);
    await screen.findByText('Privacy Policy');
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
    expect(window.scrollTo).not.toHaveBeenCalledWith(0, 700);
  });

  it("is needed: by key alone the other page's position is restored after the jump", async () => {
    openFresh('/about#privacy');
    await screen.findByText('Privacy Policy');
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 700);
  });

  it('keys in-app entries by their own key and a first entry by its address', () => {
    const location = { pathname: '/about', search: '?x=1', hash: '#terms', state: null };
    expect(scrollKey({ ...location, key: 'default' })).toBe('/about?x=1#terms');
    expect(scrollKey({ ...location, key: 'k3y' })).toBe('k3y');
  });
});
