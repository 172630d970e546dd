/**
 * The member's meal-reminder routes over HTTP (docs/architecture.md, "Meal reminders"): devices,
 * settings, the test push (checked and decrypted by the local push service) and the pause, and every
 * refusal a clear 4xx that stores nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPushService, type RunningPushService } from 'challangex-emulators/push';
import { dbPaths } from '@domain/data/database-paths';
import { PUSH_ENDPOINT_MAX_CHARS, REMINDER_DEVICES_MAX } from '@domain/api/reminders';
import { testPushPayload } from '@domain/reminders/reminder-message';
import { reminderPaths, zoneKey } from '@domain/reminders/reminder-records';
import { DEV_VAPID_KEYS } from '../../functions/src/reminders/vapid-keys';
import { readyMember, startApiHarness, type ApiHarness, type TestMember } from './api-harness';
import {
  callApi,
  deliveriesTo,
  EMULATOR_PUSH,
  mintSubscription,
  REMINDERS_ON,
} from './reminders-api';

/** 10 March 2026, 09:00 in India. */
const NOW = Date.parse('2026-03-10T03:30:00Z');
let harness: ApiHarness;
let push: RunningPushService;
/** The same API as deployed: push endpoints from browsers' push services only. */
let productionApi: string;

beforeAll(async () => {
  push = await startPushService({ port: 0 });
  harness = await startApiHarness({
    clock: () => NOW,
    push: EMULATOR_PUSH,
    reminderRateLimit: { windowMs: 60_000, max: 1_000 },
  });
  productionApi = await harness.startApi({
    push: { ...EMULATOR_PUSH, allowLocalPushService: false },
  });
});
afterAll(async () => {
  await harness?.close();
  await push?.close();
});
beforeEach(async () => {
  await fetch(`${push.origin}/deliveries`, { method: 'DELETE' });
});

const call = (member: TestMember | undefined, method: string, path: string, body?: unknown) =>
  callApi(harness.baseUrl, member, method, path, body);
const read = async (path: string) => (await harness.database.ref(path).get()).val();

async function memberInIndia() {
  const member = await readyMember(harness.database);
  await harness.database.ref(dbPaths.memberTimeZone(member.uid)).set('Asia/Kolkata');
  return member;
}

async function subscribed(member: TestMember) {
  const subscription = await mintSubscription(push);
  const answer = await call(member, 'POST', '/api/reminders/devices', subscription);
  expect(answer.status).toBe(201);
  return { ...subscription, deviceId: answer.body.deviceId as string };
}

describe('devices', () => {
  it('subscribes a device labelled from its User-Agent, again the same device, and lists it', async () => {
    const asha = await memberInIndia();
    const subscription = await mintSubscription(push);
    const first = await call(asha, 'POST', '/api/reminders/devices', subscription);
    expect(first.status).toBe(201);
    const deviceId = first.body.deviceId as string;
    expect(deviceId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await read(reminderPaths.subscription(asha.uid, deviceId))).toEqual({
      endpoint: subscription.endpoint,
      keys: subscription.keys,
      createdAt: NOW,
      label: 'Chrome on Android',
    });

    const again = await call(asha, 'POST', '/api/reminders/devices', subscription);
    expect(again).toEqual({ status: 200, body: { deviceId } });

    const mine = await call(asha, 'GET', '/api/reminders');
    expect(mine).toEqual({
      status: 200,
      body: {
        settings: {
          enabled: false,
          breakfast: true,
          lunch: true,
          dinner: true,
          lastCall: true,
          cheersAndNudges: true,
          quietHours: null,
        },
        devices: [{ deviceId, label: 'Chrome on Android', createdAt: NOW }],
        paused: false,
        applicationServerKey: DEV_VAPID_KEYS.publicKey,
      },
    });
  });

  it('refuses bad subscriptions with a clear 400 naming the field, storing nothing', async () => {
    const asha = await memberInIndia();
    const good = await mintSubscription(push);
    const cases: Array<[string, unknown, string, RegExp]> = [
      ['not a URL', { ...good, endpoint: 'not-a-url' }, 'endpoint', /push service URL/],
      [
        'an endpoint over 1 KB',
        { ...good, endpoint: `${good.endpoint}?${'x'.repeat(PUSH_ENDPOINT_MAX_CHARS)}` },
        'endpoint',
        /at most 1024/,
      ],
      [
        'an https URL that is no push service',
        { ...good, endpoint: 'https://example.com/push/1' },
        'endpoint',
        /push service URL/,
      ],
      [
        'an oversized p256dh key',
        { ...good, keys: { ...good.keys, p256dh: 'A'.repeat(4_000) } },
        'keys.p256dh',
        /Too long/,
      ],
      [
        'an oversized auth secret',
        { ...good, keys: { ...good.keys, auth: 'A'.repeat(200) } },
        'keys.auth',
        /Too long/,
      ],
      [
        'a p256dh key that is not one',
        { ...good, keys: { ...good.keys, p256dh: 'short' } },
        'keys.p256dh',
        /P-256/,
      ],
      ['a label from the body', { ...good, label: 'My phone' }, 'label', /Unrecognized/],
      ['no keys', { endpoint: good.endpoint }, 'keys', /expected object/],
    ];
    for (const [what, body, field, message] of cases) {
      const answer = await call(asha, 'POST', '/api/reminders/devices', body);
      expect(answer.status, what).toBe(400);
      expect(answer.body, what).toMatchObject({ code: 'invalid-request', field });
      expect(answer.body.error, what).toMatch(message);
    }
    expect(await read(reminderPaths.subscriptions(asha.uid))).toBeNull();
  });

  it('in production refuses an http endpoint (the local push service is for the emulators)', async () => {
    const asha = await memberInIndia();
    const local = await mintSubscription(push);
    const answer = await callApi(productionApi, asha, 'POST', '/api/reminders/devices', local);
    expect(answer).toEqual({
      status: 400,
      body: { error: 'endpoint: Must be an https URL', code: 'invalid-request', field: 'endpoint' },
    });
    expect(await read(reminderPaths.subscriptions(asha.uid))).toBeNull();
  });

  it(`takes ${REMINDER_DEVICES_MAX} devices at most`, async () => {
    const asha = await memberInIndia();
    for (let device = 0; device < REMINDER_DEVICES_MAX; device++) await subscribed(asha);
    const more = await call(asha, 'POST', '/api/reminders/devices', await mintSubscription(push));
    expect(more.status).toBe(409);
    expect(more.body).toMatchObject({ code: 'conflict' });
    expect(Object.keys(await read(reminderPaths.subscriptions(asha.uid)))).toHaveLength(
      REMINDER_DEVICES_MAX,
    );
  });

  it("removes the member's own device; someone else's is a 404 and stays", async () => {
    const asha = await memberInIndia();
    const ravi = await memberInIndia();
    const ashaPhone = await subscribed(asha);

    const stranger = await call(ravi, 'DELETE', `/api/reminders/devices/${ashaPhone.deviceId}`);
    expect(stranger.status).toBe(404);
    expect(stranger.body).toMatchObject({ code: 'not-found' });
    expect(await read(reminderPaths.subscription(asha.uid, ashaPhone.deviceId))).not.toBeNull();

    const own = await call(asha, 'DELETE', `/api/reminders/devices/${ashaPhone.deviceId}`);
    expect(own).toEqual({ status: 200, body: { deviceId: ashaPhone.deviceId, removed: true } });
    expect(await read(reminderPaths.subscription(asha.uid, ashaPhone.deviceId))).toBeNull();
    expect(
      (await call(asha, 'DELETE', `/api/reminders/devices/${ashaPhone.deviceId}`)).status,
    ).toBe(404);
    expect((await call(asha, 'DELETE', '/api/reminders/devices/bad$id')).status).toBe(400);
  });
});

describe('settings', () => {
  it("stores the choice with the member's zone while on, and lists the zone for the sender", async () => {
    const asha = await memberInIndia();
    const choice = {
      ...REMINDERS_ON,
      lastCall: false,
      quietHours: { start: '22:00', end: '07:00' },
    };
    const saved = await call(asha, 'PUT', '/api/reminders/settings', choice);
    expect(saved).toEqual({ status: 200, body: choice });
    expect(await read(reminderPaths.settings(asha.uid))).toEqual({
      ...choice,
      timeZone: 'Asia/Kolkata',
      updatedAt: NOW,
    });
    expect(await read(reminderPaths.zone(zoneKey('Asia/Kolkata')))).toBe(true);
    expect((await call(asha, 'GET', '/api/reminders')).body.settings).toEqual(choice);

    // Off: the sender's zone query no longer finds the member.
    await call(asha, 'PUT', '/api/reminders/settings', { ...choice, enabled: false });
    expect(await read(`${reminderPaths.settings(asha.uid)}/timeZone`)).toBeNull();
  });

  it('follows a zone set after reminders were turned on (a first challenge made later)', async () => {
    const asha = await readyMember(harness.database);
    await call(asha, 'PUT', '/api/reminders/settings', REMINDERS_ON);
    expect(await read(`${reminderPaths.settings(asha.uid)}/timeZone`)).toBeNull();
    await harness.database.ref(dbPaths.memberTimeZone(asha.uid)).set('America/New_York');
    await call(asha, 'GET', '/api/reminders');
    expect(await read(`${reminderPaths.settings(asha.uid)}/timeZone`)).toBe('America/New_York');
    expect(await read(reminderPaths.zone(zoneKey('America/New_York')))).toBe(true);
  });

  it('refuses a partial or malformed choice, changing nothing', async () => {
    const asha = await memberInIndia();
    const cases: Array<[unknown, string]> = [
      [{ enabled: true }, 'breakfast'],
      [{ ...REMINDERS_ON, quietHours: { start: '25:00', end: '07:00' } }, 'quietHours.start'],
      [{ ...REMINDERS_ON, quietHours: { from: '22:00', to: '07:00' } }, 'quietHours.start'],
      [{ ...REMINDERS_ON, lunch: 'yes' }, 'lunch'],
      [{ ...REMINDERS_ON, timeZone: 'UTC' }, 'timeZone'],
    ];
    for (const [body, field] of cases) {
      const answer = await call(asha, 'PUT', '/api/reminders/settings', body);
      expect(answer.status, field).toBe(400);
      expect(answer.body, field).toMatchObject({ code: 'invalid-request', field });
    }
    expect(await read(reminderPaths.settings(asha.uid))).toBeNull();
  });
});

describe('the test reminder', () => {
  it('reaches every device at once, signed and encrypted, as the local push service decrypts it', async () => {
    const asha = await memberInIndia();
    const phone = await subscribed(asha);
    const laptop = await subscribed(asha);

    const answer = await call(asha, 'POST', '/api/reminders/test', {});
    expect(answer).toEqual({ status: 200, body: { sent: 2, failed: 0 } });
    for (const device of [phone, laptop])
      expect(await deliveriesTo(push, device.endpoint)).toEqual([
        {
          endpoint: device.endpoint,
          receivedAt: expect.any(Number),
          ttl: 60,
          urgency: 'high',
          payload: testPushPayload(),
        },
      ]);

    const one = await call(asha, 'POST', '/api/reminders/test', { deviceId: phone.deviceId });
    expect(one.body).toEqual({ sent: 1, failed: 0 });
    expect(await deliveriesTo(push, phone.endpoint)).toHaveLength(2);
    expect(await deliveriesTo(push, laptop.endpoint)).toHaveLength(1);
  });

  it("refuses someone else's device and a member with none; a gone subscription is deleted", async () => {
    const asha = await memberInIndia();
    const ravi = await memberInIndia();
    const ashaPhone = await subscribed(asha);

    const stranger = await call(ravi, 'POST', '/api/reminders/test', {
      deviceId: ashaPhone.deviceId,
    });
    expect(stranger.status).toBe(404);
    const none = await call(ravi, 'POST', '/api/reminders/test', {});
    expect(none.status).toBe(409);
    expect(await deliveriesTo(push, ashaPhone.endpoint)).toEqual([]);

    const id = new URL(ashaPhone.endpoint).pathname.split('/').at(-1);
    await fetch(`${push.origin}/subscriptions/${id}`, { method: 'DELETE' });
    const gone = await call(asha, 'POST', '/api/reminders/test', {});
    expect(gone.body).toEqual({ sent: 0, failed: 1 });
    expect(await read(reminderPaths.subscription(asha.uid, ashaPhone.deviceId))).toBeNull();
  });
});

describe('the pause', () => {
  it('shows reminders paused after 6 with no proof, and "Resume reminders" clears it', async () => {
    const asha = await memberInIndia();
    await call(asha, 'PUT', '/api/reminders/settings', REMINDERS_ON);
    const sixSent = Array.from({ length: 6 }, (_, index) => NOW - (6 - index) * 3_600_000);
    await harness.database.ref(`${reminderPaths.state(asha.uid)}/sentAt`).set(sixSent);
    expect((await call(asha, 'GET', '/api/reminders')).body.paused).toBe(true);

    const resumed = await call(asha, 'POST', '/api/reminders/resume', {});
    expect(resumed).toEqual({ status: 200, body: { paused: false } });
    expect(await read(`${reminderPaths.state(asha.uid)}/resumedAt`)).toBe(NOW);
    expect((await call(asha, 'GET', '/api/reminders')).body.paused).toBe(false);
    expect((await call(asha, 'POST', '/api/reminders/resume', { now: 1 })).status).toBe(400);
  });
});

describe('who may', () => {
  it('refuses a disabled member, storing nothing and pushing nothing', async () => {
    const asha = await memberInIndia();
    const phone = await subscribed(asha);
    await harness.database.ref(dbPaths.disabledMember(asha.uid)).set({ at: NOW });
    const refusals = [
      await call(asha, 'POST', '/api/reminders/devices', await mintSubscription(push)),
      await call(asha, 'PUT', '/api/reminders/settings', REMINDERS_ON),
      await call(asha, 'POST', '/api/reminders/test', {}),
      await call(asha, 'POST', '/api/reminders/resume', {}),
    ];
    for (const answer of refusals)
      expect(answer).toMatchObject({ status: 403, body: { code: 'account-disabled' } });
    expect(Object.keys(await read(reminderPaths.subscriptions(asha.uid)))).toEqual([
      phone.deviceId,
    ]);
    expect(await read(reminderPaths.settings(asha.uid))).toBeNull();
    expect(await read(reminderPaths.state(asha.uid))).toBeNull();
    expect(await deliveriesTo(push, phone.endpoint)).toEqual([]);
  });

  it('refuses a visitor (401), throttles a member (429), and answers 503 with no push set up', async () => {
    expect((await call(undefined, 'GET', '/api/reminders')).status).toBe(401);
    const asha = await memberInIndia();
    const throttled = await harness.startApi({
      push: EMULATOR_PUSH,
      reminderRateLimit: { windowMs: 60_000, max: 2 },
    });
    const statuses = [];
    for (let request = 0; request < 3; request++)
      statuses.push((await callApi(throttled, asha, 'GET', '/api/reminders')).status);
    expect(statuses).toEqual([200, 200, 429]);
    const withoutPush = await harness.startApi({ push: undefined });
    const unavailable = await callApi(withoutPush, asha, 'GET', '/api/reminders');
    expect(unavailable).toMatchObject({ status: 503, body: { code: 'unavailable' } });
  });
});
