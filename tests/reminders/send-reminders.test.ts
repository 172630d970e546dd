/**
 * The meal-reminder sender end to end, offline: members' records in the Node-only RTDB emulator, the
 * sender (functions/src/reminders) with its database store and its default web-push transport, and
 * the local push service (emulators/push), which checks each push's VAPID signature and decrypts it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getDatabase, type Database } from 'firebase-admin/database';
import { startDatabaseEmulator, type RunningDatabaseEmulator } from 'challangex-emulators/database';
import { startPushService, type RunningPushService } from 'challangex-emulators/push';
import { zonedTimeToEpochMs, type CalendarDate } from '@domain/calendar-dates';
import { MEAL_SLOTS } from '@domain/constants';
import { dayKey, mealWindow } from '@domain/challenges/meal-schedule';
import { dbPaths } from '@domain/data/database-paths';
import type { ReminderSettings } from '@domain/reminders/due-reminders';
import { reminderPaths, zoneKey } from '@domain/reminders/reminder-records';
import { databaseReminderStore } from '../../functions/src/reminders/reminder-store';
import { sendReminders, type ReminderRun } from '../../functions/src/reminders/send-reminders';
import { DEFAULT_VAPID_SUBJECT, DEV_VAPID_KEYS } from '../../functions/src/reminders/vapid-keys';

const KOLKATA = 'Asia/Kolkata';
const START: CalendarDate = '2026-03-10';
/** Day 2's dinner opens at 20:00 IST; the sender's tick runs 3 s later. */
const DINNER_OPENS = zonedTimeToEpochMs('2026-03-11', 20, 0, KOLKATA);
const ON: ReminderSettings = {
  enabled: true,
  breakfast: true,
  lunch: true,
  dinner: true,
  lastCall: true,
  cheersAndNudges: true,
  quietHours: null,
};

let emulator: RunningDatabaseEmulator;
let push: RunningPushService;
let adminApp: App;
let database: Database;

beforeAll(async () => {
  emulator = await startDatabaseEmulator({ port: 0, log: () => {} });
  push = await startPushService({ port: 0 });
  process.env.FIREBASE_DATABASE_EMULATOR_HOST = `127.0.0.1:${emulator.port}`;
  const namespace = `reminders-${randomUUID().slice(0, 8)}`;
  adminApp = initializeApp(
    {
      projectId: 'demo-reminders',
      databaseURL: `http://127.0.0.1:${emulator.port}?ns=${namespace}`,
    },
    namespace,
  );
  database = getDatabase(adminApp);
});

afterAll(async () => {
  await deleteApp(adminApp);
  await emulator.close();
  await push.close();
});

beforeEach(async () => {
  await database.ref().set(null);
  await fetch(`${push.origin}/deliveries`, { method: 'DELETE' });
});

/** A 7-day plan started on START in the zone, dishes named by day and meal. */
function plan(timeZone: string, title = 'Lean week') {
  const meals: Record<string, Record<string, unknown>> = {};
  for (let day = 1; day <= 7; day++)
    meals[dayKey(day)] = Object.fromEntries(
      MEAL_SLOTS.map((slot) => [
        slot,
        { name: `Day${day} ${slot}`, status: 'Pending', ...mealWindow(START, day, slot, timeZone) },
      ]),
    );
  return {
    title,
    day: 7,
    startDate: START,
    timezone: timeZone,
    isActive: true,
    deleted: false,
    createdAt: zonedTimeToEpochMs(START, 7, 0, timeZone),
    meals,
  };
}

async function mint(): Promise<{ endpoint: string; keys: { p256dh: string; auth: string } }> {
  const response = await fetch(`${push.origin}/subscriptions`, { method: 'POST' });
  return (await response.json()) as { endpoint: string; keys: { p256dh: string; auth: string } };
}

/** A member with reminders on in a zone, one plan and the given devices. */
async function member(uid: string, timeZone: string, devices: Record<string, object>) {
  await database.ref().update({
    [dbPaths.challenge(uid, `-Nchallenge${uid}`)]: plan(timeZone),
    [reminderPaths.settings(uid)]: { ...ON, timeZone, updatedAt: 1 },
    [reminderPaths.zone(zoneKey(timeZone))]: true,
    ...Object.fromEntries(
      Object.entries(devices).map(([deviceId, subscription]) => [
        reminderPaths.subscription(uid, deviceId),
        { ...subscription, createdAt: 1 },
      ]),
    ),
  });
}

const run = (now: number): Promise<ReminderRun> =>
  sendReminders({
    store: databaseReminderStore(database),
    vapid: { subject: DEFAULT_VAPID_SUBJECT, ...DEV_VAPID_KEYS },
    clock: () => now,
    sleep: async () => {},
    log: () => {},
  });

async function deliveries(endpoint?: string): Promise<Array<Record<string, unknown>>> {
  const query = endpoint ? `?endpoint=${encodeURIComponent(endpoint)}` : '';
  return (await (await fetch(`${push.origin}/deliveries${query}`)).json()) as Array<
    Record<string, unknown>
  >;
}

describe('the reminder sender against the local push service', () => {
  it('pushes the window-open reminder to each device, signed and encrypted, and reads it back', async () => {
    const phone = await mint();
    const laptop = await mint();
    await member('asha', KOLKATA, { phone, laptop });

    const result = await run(DINNER_OPENS + 3_000);

    expect(result).toEqual({ members: 1, reminders: 1, sent: 2, gone: 0, failed: 0 });
    const [delivery] = await deliveries(phone.endpoint);
    expect(delivery).toEqual({
      endpoint: phone.endpoint,
      receivedAt: expect.any(Number),
      ttl: 3 * 60 * 60 - 3,
      urgency: 'normal',
      payload: {
        kind: 'window-open',
        title: 'Dinner is open until 11:00 PM: Day2 dinner',
        body: 'Day 2 of Lean week. Snap your plate to prove it.',
        tag: '-Nchallengeasha/Day2-dinner',
        ownerId: 'asha',
        challengeId: '-Nchallengeasha',
        challengeTitle: 'Lean week',
        mealKey: 'Day2-dinner',
      },
    });
    expect(await deliveries(laptop.endpoint)).toHaveLength(1);
    expect((await database.ref(reminderPaths.state('asha')).get()).val()).toEqual({
      sentAt: [DINNER_OPENS],
    });
  });

  it('deletes a subscription its push service answers 410 or 404, and keeps the live one', async () => {
    const live = await mint();
    const expired = await mint();
    const removed = await mint();
    const id = (endpoint: string) => endpoint.split('/').at(-1);
    await fetch(`${push.origin}/subscriptions/${id(expired.endpoint)}`, { method: 'DELETE' });
    await fetch(`${push.origin}/subscriptions/${id(removed.endpoint)}?answer=404`, {
      method: 'DELETE',
    });
    await member('ravi', KOLKATA, { live, expired, removed });

    const result = await run(DINNER_OPENS + 3_000);

    expect(result).toMatchObject({ sent: 1, gone: 2, failed: 0 });
    const devices = (await database.ref(reminderPaths.subscriptions('ravi')).get()).val();
    expect(Object.keys(devices)).toEqual(['live']);
    expect(await deliveries()).toHaveLength(1);
  });

  it('reads only the zones at a reminder minute: New York, at 10:30 there, is not read', async () => {
    await member('asha', KOLKATA, { phone: await mint() });
    await member('nora', 'America/New_York', { phone: await mint() });
    // 20:00 IST is 14:30 UTC, 10:30 in New York (on EDT since 8 March): no reminder minute there.
    const result = await run(DINNER_OPENS);
    expect(result).toMatchObject({ members: 1, sent: 1 });
  });

  it('sends a last call for an unproved meal only, and nothing to a disabled or paused member', async () => {
    const lastCall = zonedTimeToEpochMs('2026-03-11', 22, 30, KOLKATA);
    const asha = await mint();
    const ravi = await mint();
    const mira = await mint();
    const dan = await mint();
    await member('asha', KOLKATA, { asha });
    await member('ravi', KOLKATA, { ravi });
    await member('mira', KOLKATA, { mira });
    await member('dan', KOLKATA, { dan });
    await database.ref().update({
      [`${dbPaths.challenge('ravi', '-Nchallengeravi')}/meals/Day2/dinner/status`]: 'Done',
      [`${dbPaths.challenge('ravi', '-Nchallengeravi')}/meals/Day2/dinner/doneAt`]: lastCall - 1,
      [dbPaths.disabledMember('mira')]: { at: 1 },
      [reminderPaths.state('dan')]: { sentAt: [1, 2, 3, 4, 5, 6] },
    });

    const result = await run(lastCall + 10_000);

    expect(result).toMatchObject({ members: 3, reminders: 1, sent: 1 });
    const [delivery] = await deliveries();
    expect(delivery).toMatchObject({
      endpoint: asha.endpoint,
      urgency: 'high',
      payload: { kind: 'last-call', title: 'Last call: dinner closes at 11:00 PM' },
    });
  });
});
