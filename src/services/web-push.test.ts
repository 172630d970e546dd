import { callApi } from './api-client';
import {
  pushAvailability,
  rememberThisDevice,
  removeThisDeviceOnSignOut,
  thisDeviceId,
} from './web-push';

vi.mock('./api-client', () => ({ callApi: vi.fn() }));

const userAgents = {
  iPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
};

function onDevice(userAgent: string, standalone: boolean) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({ matches: standalone })),
  );
}

beforeEach(() => vi.clearAllMocks());

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

describe('whether this device can take reminders', () => {
  it('an iPhone only in the app added to the home screen', () => {
    onDevice(userAgents.iPhone, false);
    expect(pushAvailability()).toBe('ios-not-installed');
  });

  it('a browser without the Push API cannot', () => {
    onDevice(userAgents.android, false);
    // jsdom has neither Notification nor PushManager.
    expect(pushAvailability()).toBe('unsupported');
  });

  it('a refused permission is told apart from a missing API', () => {
    onDevice(userAgents.android, false);
    vi.stubGlobal('Notification', { permission: 'denied' });
    vi.stubGlobal('PushManager', class {});
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    expect(pushAvailability()).toBe('denied');
    vi.stubGlobal('Notification', { permission: 'default' });
    expect(pushAvailability()).toBe('available');
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });
});

describe('signing out', () => {
  it("removes this device's subscription from the server and forgets its id", async () => {
    rememberThisDevice('d-1');
    vi.mocked(callApi).mockResolvedValueOnce({ deviceId: 'd-1', removed: true });
    await removeThisDeviceOnSignOut();
    expect(callApi).toHaveBeenCalledWith('/api/reminders/devices/d-1', undefined, 'DELETE');
    expect(thisDeviceId()).toBeNull();
  });

  it('never throws and never waits more than a few seconds for the server', async () => {
    vi.useFakeTimers();
    rememberThisDevice('d-1');
    vi.mocked(callApi).mockReturnValueOnce(new Promise(() => {}));
    const done = removeThisDeviceOnSignOut();
    await vi.advanceTimersByTimeAsync(3000);
    await expect(done).resolves.toBeUndefined();
    expect(thisDeviceId()).toBeNull();
  });

  it('a refusal does not stop it', async () => {
    rememberThisDevice('d-1');
    vi.mocked(callApi).mockRejectedValueOnce(new Error('offline'));
    await expect(removeThisDeviceOnSignOut()).resolves.toBeUndefined();
  });

  it('asks the server nothing when this device never took reminders', async () => {
    await removeThisDeviceOnSignOut();
    expect(callApi).not.toHaveBeenCalled();
  });
});
