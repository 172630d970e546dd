import type {
  MyRemindersResponse,
  ReminderSettingsRequest,
  ReminderSettingsResponse,
  ResumeRemindersResponse,
  SubscribeDeviceResponse,
  TestReminderResponse,
} from '@domain/api/reminders';
import { callApi } from '@/services/api-client';
import { rememberThisDevice, type PushSubscriptionJson } from '@/services/web-push';

/* The meal-reminder routes (src/domain/api/reminders.ts), all the signed-in member's own. */

export const fetchMyReminders = () => callApi<MyRemindersResponse>('/api/reminders');

export const saveReminderSettings = (settings: ReminderSettingsRequest) =>
  callApi<ReminderSettingsResponse>('/api/reminders/settings', settings, 'PUT');

/** Hands this device's subscription to the server; the id it answers names this device from then on. */
export async function addThisDevice(subscription: PushSubscriptionJson): Promise<string> {
  const { deviceId } = await callApi<SubscribeDeviceResponse>(
    '/api/reminders/devices',
    subscription,
  );
  rememberThisDevice(deviceId);
  return deviceId;
}

export const removeDevice = (deviceId: string) =>
  callApi<unknown>(`/api/reminders/devices/${encodeURIComponent(deviceId)}`, undefined, 'DELETE');

export const sendTestReminder = (deviceId?: string) =>
  callApi<TestReminderResponse>('/api/reminders/test', deviceId ? { deviceId } : {});

export const resumeReminders = () => callApi<ResumeRemindersResponse>('/api/reminders/resume', {});
