import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DEFAULT_REMINDER_SETTINGS,
  type MyRemindersResponse,
  type ReminderSettingsView,
} from '@domain/api/reminders';
import { ApiError, callApi } from '@/services/api-client';
import * as webPush from '@/services/web-push';
import { memberFixture, renderApp } from '@/testing/render-app';
import { RemindersOptInCard } from './reminders-opt-in-card';
import { RemindersSection } from './reminders-section';

vi.mock('@/services/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/services/api-client')>()),
  callApi: vi.fn(),
}));
vi.mock('@/services/web-push', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/services/web-push')>()),
  pushAvailability: vi.fn(() => 'available'),
  requestPushPermission: vi.fn(async () => 'granted'),
  subscribeToPush: vi.fn(async () => subscription),
  currentPushSubscription: vi.fn(async () => null),
}));

const subscription = {
  endpoint: 'https://push.example/send/abc',
  expirationTime: null,
  keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
};
const KEY = 'BBVtaj4ODizD8eoTUkWhHw3';

/** The API as the section sees it: GET /api/reminders and the writes, recorded. */
let server: MyRemindersResponse;
const calls: Array<{ path: string; body: unknown; method?: string }> = [];

function fakeApi(path: string, body?: unknown, method?: string): Promise<unknown> {
  calls.push({ path, body, method });
  if (path === '/api/reminders') return Promise.resolve(structuredClone(server));
  if (path === '/api/reminders/devices') {
    server.devices.push({ deviceId: 'd-here', label: 'Chrome on Linux', createdAt: 2 });
    return Promise.resolve({ deviceId: 'd-here' });
  }
  if (path === '/api/reminders/settings') {
    server.settings = body as ReminderSettingsView;
    return Promise.resolve(body);
  }
  if (path === '/api/reminders/test') return Promise.resolve({ sent: 1, failed: 0 });
  if (path === '/api/reminders/resume') return Promise.resolve({ paused: false });
  if (path.startsWith('/api/reminders/devices/'))
    return Promise.resolve({ deviceId: path.split('/').pop(), removed: true });
  return Promise.reject(new Error(`unexpected ${path}`));
}

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  calls.length = 0;
  server = {
    settings: { ...DEFAULT_REMINDER_SETTINGS },
    devices: [],
    paused: false,
    applicationServerKey: KEY,
  };
  vi.mocked(callApi).mockImplementation(fakeApi as typeof callApi);
});

const writes = () => calls.filter((call) => call.path !== '/api/reminders');
const mainSwitch = () =>
  screen.findByRole('switch', { name: 'Remind me when a meal window opens' });

describe('Meal reminders on the profile', () => {
  it('is off at first and asks the browser nothing until the switch is tapped', async () => {
    renderApp(<RemindersSection />, { user: memberFixture });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your reminders…');
    expect(screen.getByRole('heading', { name: 'Meal reminders' })).toBeVisible();
    expect(await mainSwitch()).not.toBeChecked();
    expect(webPush.requestPushPermission).not.toHaveBeenCalled();
    expect(screen.queryByRole('switch', { name: 'Lunch' })).toBeNull();
  });

  it('turns on: permission on the tap, this device subscribed with the API key, then the choices', async () => {
    renderApp(<RemindersSection />, { user: memberFixture });
    await userEvent.click(await mainSwitch());
    expect(await screen.findByRole('switch', { name: 'Lunch' })).toBeChecked();
    expect(webPush.requestPushPermission).toHaveBeenCalledTimes(1);
    expect(webPush.subscribeToPush).toHaveBeenCalledWith(KEY);
    expect(writes()).toEqual([
      { path: '/api/reminders/devices', body: subscription, method: undefined },
      {
        path: '/api/reminders/settings',
        body: { ...DEFAULT_REMINDER_SETTINGS, enabled: true },
        method: 'PUT',
      },
    ]);
    expect(await mainSwitch()).toBeChecked();
    for (const name of ['Breakfast', 'Dinner', 'Last call', 'Cheers and nudges'])
      expect(screen.getByRole('switch', { name })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Quiet hours' })).not.toBeChecked();
    expect(screen.getByText('This computer · Chrome on Linux')).toBeVisible();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      'Reminders are on for this device.',
    );
  });

  it('says plainly what to do when notifications are refused, and stores nothing', async () => {
    vi.mocked(webPush.requestPushPermission).mockResolvedValueOnce('denied');
    vi.mocked(webPush.pushAvailability).mockReturnValueOnce('available').mockReturnValue('denied');
    renderApp(<RemindersSection />, { user: memberFixture });
    await userEvent.click(await mainSwitch());
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('Notifications are blocked for ChallangeX in this browser');
    expect(note).toHaveTextContent('Add to calendar');
    expect(writes()).toEqual([]);
    expect(await mainSwitch()).toBeDisabled();
    vi.mocked(webPush.pushAvailability).mockReturnValue('available');
  });

  it('on an iPhone outside the installed app: how to install, and the calendar reminder', async () => {
    vi.mocked(webPush.pushAvailability).mockReturnValue('ios-not-installed');
    renderApp(<RemindersSection />, { user: memberFixture });
    expect(await mainSwitch()).toBeDisabled();
    expect(screen.getByRole('note')).toHaveTextContent('Add to Home Screen');
    expect(screen.getByRole('note')).toHaveTextContent('.ics');
    vi.mocked(webPush.pushAvailability).mockReturnValue('available');
  });

  describe('with reminders on for this device', () => {
    beforeEach(() => {
      webPush.rememberThisDevice('d-here');
      server.settings = { ...DEFAULT_REMINDER_SETTINGS, enabled: true };
      server.devices = [
        { deviceId: 'd-here', label: 'Chrome on Android', createdAt: 1 },
        { deviceId: 'd-other', label: 'Firefox on Windows', createdAt: 2 },
      ];
    });

    it('saves each choice whole', async () => {
      renderApp(<RemindersSection />, { user: memberFixture });
      await userEvent.click(await screen.findByRole('switch', { name: 'Lunch' }));
      await waitFor(() =>
        expect(writes()).toEqual([
          {
            path: '/api/reminders/settings',
            body: { ...server.settings, lunch: false },
            method: 'PUT',
          },
        ]),
      );
      expect(screen.getByRole('switch', { name: 'Lunch' })).not.toBeChecked();
      await userEvent.click(screen.getByRole('switch', { name: 'Quiet hours' }));
      expect(await screen.findByLabelText('From')).toHaveValue('22:00');
      expect(screen.getByLabelText('Until')).toHaveValue('07:00');
      expect(server.settings.quietHours).toEqual({ start: '22:00', end: '07:00' });
    });

    it('sends a test reminder to this device', async () => {
      renderApp(<RemindersSection />, { user: memberFixture });
      await userEvent.click(await screen.findByRole('button', { name: 'Send a test reminder' }));
      expect(await screen.findByText(/Test reminder sent/)).toBeVisible();
      expect(writes()).toEqual([
        { path: '/api/reminders/test', body: { deviceId: 'd-here' }, method: undefined },
      ]);
    });

    it('lists the devices, this one first named, and removes one', async () => {
      renderApp(<RemindersSection />, { user: memberFixture });
      const list = await screen.findByRole('list', { name: 'Devices' });
      expect(within(list).getByText(/· Chrome on Android$/)).toBeVisible();
      const remove = within(list).getAllByRole('button', { name: 'Remove' });
      expect(remove[1]).toHaveAccessibleDescription('Firefox on Windows');
      await userEvent.click(remove[1]!);
      await waitFor(() => expect(within(list).queryByText('Firefox on Windows')).toBeNull());
      expect(writes()).toEqual([
        { path: '/api/reminders/devices/d-other', body: undefined, method: 'DELETE' },
      ]);
    });

    it('when paused, one tap resumes', async () => {
      server.paused = true;
      renderApp(<RemindersSection />, { user: memberFixture });
      await userEvent.click(await screen.findByRole('button', { name: 'Resume reminders' }));
      await waitFor(() =>
        expect(screen.queryByRole('button', { name: 'Resume reminders' })).toBeNull(),
      );
      expect(writes()).toEqual([{ path: '/api/reminders/resume', body: {}, method: undefined }]);
      expect(screen.getByText('Reminders are back on.')).toBeVisible();
    });

    it("shows the API's refusal and keeps what was shown", async () => {
      vi.mocked(callApi).mockImplementation(((path: string, body?: unknown, method?: string) =>
        path === '/api/reminders/test'
          ? Promise.reject(new ApiError(429, 'Too many test reminders: wait a minute.'))
          : fakeApi(path, body, method)) as typeof callApi);
      renderApp(<RemindersSection />, { user: memberFixture });
      await userEvent.click(await screen.findByRole('button', { name: 'Send a test reminder' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Too many test reminders: wait a minute.',
      );
      expect(screen.getByRole('switch', { name: 'Lunch' })).toBeChecked();
    });
  });

  it('a failed load says so and tries again', async () => {
    vi.mocked(callApi).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderApp(<RemindersSection />, { user: memberFixture });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your reminders could not be loaded.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await mainSwitch()).not.toBeChecked();
  });
});

describe('the opt-in card on a challenge', () => {
  it('offers the switch while no device takes reminders, then confirms', async () => {
    renderApp(<RemindersOptInCard />, { user: memberFixture });
    expect(await screen.findByRole('heading', { name: 'Meal reminders' })).toBeVisible();
    await userEvent.click(await mainSwitch());
    expect(await screen.findByText(/Reminders are on for this device/)).toBeVisible();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('shows nothing once a device takes reminders', async () => {
    server.devices = [{ deviceId: 'd-1', label: 'Chrome on Android', createdAt: 1 }];
    renderApp(<RemindersOptInCard />, { user: memberFixture });
    await waitFor(() => expect(calls).toHaveLength(1));
    // The answer is drawn (the card with no devices shows its heading once drawn: the test above).
    await act(async () => {});
    expect(screen.queryByRole('heading', { name: 'Meal reminders' })).toBeNull();
  });
});
