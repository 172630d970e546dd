import { useCallback, useEffect, useState } from 'react';
import type { MyRemindersResponse, ReminderSettingsView } from '@domain/api/reminders';
import { ApiError } from '@/services/api-client';
import {
  currentPushSubscription,
  pushAvailability,
  requestPushPermission,
  subscribeToPush,
  thisDeviceId,
  type PushAvailability,
} from '@/services/web-push';
import {
  addThisDevice,
  fetchMyReminders,
  removeDevice,
  resumeReminders,
  saveReminderSettings,
  sendTestReminder,
} from '../api/reminders-api';

/** A failure this section explains itself. */
class ReminderProblem extends Error {}

/** An API refusal's message is written for the member; anything else is the connection or the browser. */
function failureText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof DOMException && error.name === 'NotAllowedError')
    return 'The browser refused to subscribe this device. Allow notifications for ChallangeX, then try again.';
  if (error instanceof ReminderProblem) return error.message;
  return 'ChallangeX could not be reached. Check your connection, then try again.';
}

export type RemindersLoad =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; reminders: MyRemindersResponse };

/** What the member is waiting for, to say it and to keep its button from being pressed twice. */
export type ReminderWork = 'turning-on' | 'saving' | 'testing' | 'resuming' | 'removing' | null;

export interface RemindersState {
  load: RemindersLoad;
  availability: PushAvailability;
  /** The server's id of this device's subscription, when this device is one of the member's. */
  thisDevice: string | null;
  work: ReminderWork;
  /** The latest action's outcome, for a live region ("Test reminder sent", or what went wrong). */
  notice: { kind: 'success' | 'error'; text: string } | null;
  reload: () => void;
  turnOn: () => Promise<void>;
  saveSettings: (settings: ReminderSettingsView) => Promise<void>;
  sendTest: () => Promise<void>;
  resume: () => Promise<void>;
  remove: (deviceId: string) => Promise<void>;
}

/** The "Meal reminders" section's data and actions (docs/product.md, "Meal reminders"). */
export function useReminders(uid: string): RemindersState {
  const [load, setLoad] = useState<RemindersLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [availability, setAvailability] = useState<PushAvailability>(pushAvailability);
  const [thisDevice, setThisDevice] = useState<string | null>(thisDeviceId);
  const [work, setWork] = useState<ReminderWork>(null);
  const [notice, setNotice] = useState<RemindersState['notice']>(null);

  useEffect(() => {
    let current = true;
    fetchMyReminders().then(
      (reminders) => current && setLoad({ status: 'ready', reminders }),
      (error: unknown) => current && setLoad({ status: 'error', message: failureText(error) }),
    );
    return () => {
      current = false;
    };
  }, [uid, attempt]);

  const reminders = load.status === 'ready' ? load.reminders : null;
  const update = (change: Partial<MyRemindersResponse>) =>
    setLoad((state) =>
      state.status === 'ready'
        ? { status: 'ready', reminders: { ...state.reminders, ...change } }
        : state,
    );

  /** Runs one action: says it is under way, then what came of it; a failure changes nothing shown. */
  const run = async (kind: Exclude<ReminderWork, null>, action: () => Promise<string | null>) => {
    setWork(kind);
    setNotice(null);
    try {
      const done = await action();
      if (done) setNotice({ kind: 'success', text: done });
    } catch (error) {
      setNotice({ kind: 'error', text: failureText(error) });
    } finally {
      setWork(null);
    }
  };

  const turnOn = () =>
    run('turning-on', async () => {
      if (!reminders) return null;
      // The browser's question comes only now, on the member's own tap.
      const permission = await requestPushPermission();
      setAvailability(pushAvailability());
      if (permission !== 'granted') return null;
      const subscription = await subscribeToPush(reminders.applicationServerKey);
      const deviceId = await addThisDevice(subscription);
      setThisDevice(deviceId);
      const settings = await saveReminderSettings({ ...reminders.settings, enabled: true });
      update({ settings, devices: (await fetchMyReminders()).devices });
      return 'Reminders are on for this device.';
    });

  const saveSettings = (settings: ReminderSettingsView) =>
    run('saving', async () => {
      update({ settings: await saveReminderSettings(settings) });
      return null;
    });

  const sendTest = () =>
    run('testing', async () => {
      const { sent, failed } = await sendTestReminder(thisDevice ?? undefined);
      if (sent === 0)
        throw new ReminderProblem(
          'The test reminder reached no device. Turn reminders on again here.',
        );
      return failed === 0
        ? 'Test reminder sent. It should show on this device in a moment.'
        : `Test reminder sent to ${sent} of ${sent + failed} devices.`;
    });

  const resume = () =>
    run('resuming', async () => {
      await resumeReminders();
      update({ paused: false });
      return 'Reminders are back on.';
    });

  const remove = (deviceId: string) =>
    run('removing', async () => {
      await removeDevice(deviceId);
      if (deviceId === thisDevice) setThisDevice(null);
      update({
        devices: (reminders?.devices ?? []).filter((device) => device.deviceId !== deviceId),
      });
      return 'Device removed.';
    });

  // A device whose subscription the server knows but this browser forgot its id: asked again, idempotently.
  const knowsThisDevice = thisDevice !== null;
  const enabled = reminders?.settings.enabled === true;
  useEffect(() => {
    if (!enabled || knowsThisDevice || availability !== 'available') return;
    let current = true;
    void currentPushSubscription()
      .then((subscription) => (subscription ? addThisDevice(subscription) : null))
      .then((deviceId) => current && deviceId && setThisDevice(deviceId))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [enabled, knowsThisDevice, availability]);

  const reload = useCallback(() => {
    setLoad({ status: 'loading' });
    setAttempt((count) => count + 1);
  }, []);

  return {
    load,
    availability,
    thisDevice,
    work,
    notice,
    reload,
    turnOn,
    saveSettings,
    sendTest,
    resume,
    remove,
  };
}
