import { act, waitFor } from '@testing-library/react';
import { confirmAction } from '@/lib/toast';
import { memberFixture, renderApp } from '@/testing/render-app';
import { UploadLeaveGuard } from './upload-leave-guard';

vi.mock('@/lib/toast', () => ({ confirmAction: vi.fn() }));

/** The Navigation API as far as the guard uses it: `navigate` events and traverseTo. */
class FakeNavigation extends EventTarget {
  traverseTo = vi.fn();
}

function traverseEvent(path: string, navigationType = 'traverse') {
  return Object.assign(new Event('navigate', { cancelable: true }), {
    navigationType,
    destination: { url: new URL(path, window.location.href).href, key: `key-of-${path}` },
  });
}

describe('UploadLeaveGuard and Back/Forward', () => {
  let navigation: FakeNavigation;
  beforeEach(() => {
    vi.clearAllMocks();
    navigation = new FakeNavigation();
    Object.defineProperty(window, 'navigation', { value: navigation, configurable: true });
  });
  afterEach(() => Reflect.deleteProperty(window, 'navigation'));

  const renderGuard = () =>
    renderApp(<UploadLeaveGuard />, { user: memberFixture, path: '/challange/green-week' });

  it('holds a Back that leaves the page, and goes once the member chooses to leave', async () => {
    vi.mocked(confirmAction).mockResolvedValueOnce(true);
    renderGuard();
    const back = traverseEvent('/feed');
    act(() => void navigation.dispatchEvent(back));
    expect(back.defaultPrevented).toBe(true);
    expect(vi.mocked(confirmAction).mock.calls[0][0]).toMatchObject({
      title: 'An upload is running',
    });
    await waitFor(() => expect(navigation.traverseTo).toHaveBeenCalledWith('key-of-/feed'));
  });

  it('stays when the member chooses to stay', async () => {
    vi.mocked(confirmAction).mockResolvedValueOnce(false);
    renderGuard();
    act(() => void navigation.dispatchEvent(traverseEvent('/feed')));
    await waitFor(() => expect(confirmAction).toHaveBeenCalledTimes(1));
    await act(async () => {});
    expect(navigation.traverseTo).not.toHaveBeenCalled();
  });

  it('lets through a traversal within the page and navigations that are not traversals', () => {
    renderGuard();
    const sameAddress = traverseEvent('/challange/green-week#day-2');
    const push = traverseEvent('/feed', 'push');
    act(() => {
      navigation.dispatchEvent(sameAddress);
      navigation.dispatchEvent(push);
    });
    expect(sameAddress.defaultPrevented).toBe(false);
    expect(push.defaultPrevented).toBe(false);
    expect(confirmAction).not.toHaveBeenCalled();
  });

  it('stops holding Back once the upload is over (the guard unmounts)', () => {
    const { unmount } = renderGuard();
    unmount();
    const back = traverseEvent('/feed');
    navigation.dispatchEvent(back);
    expect(back.defaultPrevented).toBe(false);
  });
});
