import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { scrollKey } from './scroll-key';
import { clearMemberData, storageKeys } from '@/lib/device-storage';
import { ScrollRestoration } from './scroll-restoration';

/** A page that jumps to its #privacy section on mount, as the about page does. */
function AboutPage() {
  useEffect(() => document.getElementById('privacy')?.scrollIntoView());
  return <section id="privacy">Privacy Policy</section>;
}

function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      Back
    </button>
  );
}

function openAt(address: string) {
  return render(
    <MemoryRouter initialEntries={[address]}>
      <ScrollRestoration />
      <BackButton />
      <Routes>
        <Route path="/about" element={<AboutPage />} />
        <Route path="/feed" element={<Link to="/about">About</Link>} />
      </Routes>
    </MemoryRouter>,
  );
}

/** What a scroll by the member leaves behind: the new scrollY and the browser's scroll event. */
function scrollTo(y: number) {
  act(() => {
    window.scrollY = y;
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('ScrollRestoration', () => {
  beforeEach(() => {
    window.scrollY = 0;
    window.scrollTo = vi.fn() as typeof window.scrollTo;
    Element.prototype.scrollIntoView = vi.fn();
  });
  afterEach(() => sessionStorage.clear());

  it('keeps a fresh load of /about#privacy at #privacy, not at a position saved under another first entry', async () => {
    // Every load's first entry has the key "default": by key alone, this would restore another page's 700.
    sessionStorage.setItem(storageKeys.scrollPositions, JSON.stringify({ default: 700 }));
    openAt('/about#privacy');
    await screen.findByText('Privacy Policy');
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
    expect(window.scrollTo).not.toHaveBeenCalledWith(0, 700);
  });

  it('leaves a fresh load at the top without scrolling or reading the position (each forces a layout)', () => {
    const readScrollY = vi.fn(() => 0);
    Object.defineProperty(window, 'scrollY', { get: readScrollY, configurable: true });
    try {
      openAt('/feed');
      expect(window.scrollTo).not.toHaveBeenCalled();
      expect(readScrollY).not.toHaveBeenCalled();
    } finally {
      Object.defineProperty(window, 'scrollY', { value: 0, writable: true, configurable: true });
    }
  });

  it('restores a reloaded page where it was left', () => {
    sessionStorage.setItem(storageKeys.scrollPositions, JSON.stringify({ '/feed': 420 }));
    openAt('/feed');
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 420);
  });

  it('opens a linked page at the top and brings Back to where the page was left', () => {
    openAt('/feed');
    scrollTo(900);
    act(() => screen.getByRole('link', { name: 'About' }).click());
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 0);
    expect(screen.getByText('Privacy Policy')).toBeInTheDocument();
    scrollTo(300);
    act(() => screen.getByRole('button', { name: 'Back' }).click());
    expect(screen.getByRole('link', { name: 'About' })).toBeInTheDocument();
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 900);
  });

  it('saves every page’s position on leaving the tab, each under its key, and a reload restores it', () => {
    const { unmount } = openAt('/feed');
    scrollTo(900);
    act(() => screen.getByRole('link', { name: 'About' }).click());
    scrollTo(250);
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    const saved = JSON.parse(sessionStorage.getItem(storageKeys.scrollPositions)!) as Record<
      string,
      number
    >;
    // The load's first entry by its address; the linked page by its own entry key, not its address.
    expect(saved['/feed']).toBe(900);
    const aboutKeys = Object.keys(saved).filter((key) => key !== '/feed');
    expect(aboutKeys).toHaveLength(1);
    expect(aboutKeys[0]).not.toMatch(/^\//);
    expect(saved[aboutKeys[0]!]).toBe(250);
    // The browser's own restoration is handed back for the next document.
    expect(window.history.scrollRestoration).toBe('auto');

    unmount();
    vi.mocked(window.scrollTo).mockClear();
    openAt('/feed');
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 900);
  });

  it("writes nothing back on leaving the tab once the member's data was cleared (a session's end)", () => {
    openAt('/feed');
    scrollTo(900);
    act(() => {
      clearMemberData();
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(sessionStorage.getItem(storageKeys.scrollPositions)).toBeNull();
  });

  it('keys in-app entries by their own key and a first entry by its address', () => {
    const location = { pathname: '/about', search: '?x=1', hash: '#terms', state: null };
    expect(scrollKey({ ...location, key: 'default' })).toBe('/about?x=1#terms');
    expect(scrollKey({ ...location, key: 'k3y' })).toBe('k3y');
  });
});
