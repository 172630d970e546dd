/**
 * The member's meal-reminder routes under /api/reminders (docs/architecture.md, "Meal reminders";
 * the contract in src/domain/api/reminders.ts). Thin: parse, then my-reminders.ts does the work.
 */
import type { RequestHandler } from 'express';
import {
  reminderSettingsRequestSchema,
  resumeRemindersRequestSchema,
  subscribeDeviceRequestSchema,
  testReminderRequestSchema,
  type MyRemindersResponse,
  type RemoveDeviceResponse,
  type ReminderSettingsResponse,
  type ResumeRemindersResponse,
  type SubscribeDeviceResponse,
  type TestReminderResponse,
} from '@domain/api/reminders';
import { z } from 'zod';
import { memberUid } from '../http/authenticate';
import { parseOrThrow } from '../http/http-error';
import {
  readMyReminders,
  removeDevice,
  resumeReminders,
  saveSettings,
  sendTestReminder,
  subscribeDevice,
  type MyRemindersDependencies,
} from './my-reminders';

const deviceParamsSchema = z.object({
  deviceId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a device id'),
});

/** POST /api/reminders/devices: 201 with a new device, 200 when this browser was subscribed already. */
export function subscribeDeviceRoute(dependencies: MyRemindersDependencies): RequestHandler {
  return async (request, response) => {
    const uid = memberUid(response);
    const subscription = parseOrThrow(subscribeDeviceRequestSchema, request.body);
    const { deviceId, created } = await subscribeDevice(
      dependencies,
      uid,
      subscription,
      request.get('user-agent'),
    );
    response.status(created ? 201 : 200).json({ deviceId } satisfies SubscribeDeviceResponse);
  };
}

/** DELETE /api/reminders/devices/:deviceId */
export function removeDeviceRoute({ database }: MyRemindersDependencies): RequestHandler {
  return async (request, response) => {
    const uid = memberUid(response);
    const { deviceId } = parseOrThrow(deviceParamsSchema, request.params);
    await removeDevice(database, uid, deviceId);
    response.json({ deviceId, removed: true } satisfies RemoveDeviceResponse);
  };
}

/** GET /api/reminders */
export function myRemindersRoute(dependencies: MyRemindersDependencies): RequestHandler {
  return async (_request, response) => {
    const uid = memberUid(response);
    response.json((await readMyReminders(dependencies, uid)) satisfies MyRemindersResponse);
  };
}

/** PUT /api/reminders/settings */
export function saveSettingsRoute(dependencies: MyRemindersDependencies): RequestHandler {
  return async (request, response) => {
    const uid = memberUid(response);
    const settings = parseOrThrow(reminderSettingsRequestSchema, request.body);
    response.json(
      (await saveSettings(dependencies, uid, settings)) satisfies ReminderSettingsResponse,
    );
  };
}

/** POST /api/reminders/test {deviceId?} */
export function testReminderRoute(dependencies: MyRemindersDependencies): RequestHandler {
  return async (request, response) => {
    const uid = memberUid(response);
    const { deviceId } = parseOrThrow(testReminderRequestSchema, request.body ?? {});
    const { sent, failed, gone } = await sendTestReminder(dependencies, uid, deviceId);
    response.json({ sent, failed: failed + gone } satisfies TestReminderResponse);
  };
}

/** POST /api/reminders/resume {} */
export function resumeRemindersRoute(dependencies: MyRemindersDependencies): RequestHandler {
  return async (request, response) => {
    const uid = memberUid(response);
    parseOrThrow(resumeRemindersRequestSchema, request.body ?? {});
    await resumeReminders(dependencies, uid);
    response.json({ paused: false } satisfies ResumeRemindersResponse);
  };
}
