import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readStored, storageKeys } from '@/lib/device-storage';
import { memberFixture, renderApp } from '@/testing/render-app';
import { BottomNav, COVERED_HEIGHT } from './bottom-nav';

const profile = `/profile/Asha%20Rao/${memberFixture.uid}`;

/** The nav on every address, as the shell shows it; at `path`. */
async function renderNav(path: string) {
  const nav = <BottomNav uid={memberFixture.uid} displayName="Asha Rao" />;
  const view = renderApp(nav, {
    user: memberFixture,
    path: '/start',
    routes: [{ path: '*', element: nav }],
  });
  await act(() => view.router.navigate(path));
  return { ...view, nav: screen.getByRole('navigation', { name: 'Main' }) };
}

const current = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);

describe('BottomNav', () => {
  it('offers Home, My challenges, Board and Profile, each with its icon and label, on phones only', async () => {
    const { nav } = await renderNav('/feed');
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/feed'],
      ['My challenges', `${profile}#my-challenges`],
      ['Board', '/leader-board'],
      ['Profile', profile],
    ]);
    for (const link of links) expect(link.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    expect(nav).toHaveClass('bottom-nav', 'd-md-none');
  });

  it.each([
    ['/', 'Home'],
    ['/feed', 'Home'],
    ['/dash-board', 'Home'],
    ['/leader-board', 'Board'],
    [profile, 'Profile'],
    [`/profile/Old%20Name/${memberFixture.uid}`, 'Profile'],
    [`${profile}#my-challenges`, 'My challenges'],
  ])('marks the current page at %s (%s)', async (path, tab) => {
    const { nav } = await renderNav(path);
    expect(current(nav)).toEqual([tab]);
  });

  it.each(['/profile/Vikram/uid-vikram', '/about'])('marks nothing at %s', async (path) => {
    expect(current((await renderNav(path)).nav)).toEqual([]);
  });

  it('moves the mark as the member goes, and remembers the profile opened', async () => {
    const { nav, router } = await renderNav('/feed');
    await userEvent.click(within(nav).getByRole('link', { name: 'My challenges' }));
    expect(router.state.location.hash).toBe('#my-challenges');
    expect(current(nav)).toEqual(['My challenges']);
    expect(readStored(storageKeys.loadProfile)).toBe(memberFixture.uid);
    await act(() => router.navigate('/leader-board'));
    expect(current(nav)).toEqual(['Board']);
  });

  it('gives the document the height it covers while shown, so the Now button stands above it', async () => {
    const height = () => document.documentElement.style.getPropertyValue('--cx-bottom-nav-height');
    const listeners: Array<() => void> = [];
    let phone = true;
    vi.stubGlobal('matchMedia', () => ({
      get matches() {
        return phone;
      },
      addEventListener: (_: string, on: () => void) => listeners.push(on),
      removeEventListener: () => {},
    }));
    try {
      const view = await renderNav('/feed');
      expect(height()).toBe(COVERED_HEIGHT);
      // From md up the nav is hidden: it covers nothing.
      phone = false;
      act(() => listeners.forEach((on) => on()));
      expect(height()).toBe('');
      phone = true;
      act(() => listeners.forEach((on) => on()));
      expect(height()).toBe(COVERED_HEIGHT);
      view.unmount();
      expect(height()).toBe('');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
