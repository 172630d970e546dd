/**
 * Nudges and cheers as pushes over HTTP (docs/product.md, "Meal reminders"): the nudged or cheered
 * member's devices get one when they allow "Cheers and nudges", cheers at most one push per 30
 * minutes; the in-app notice is left as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushService, type RunningPushService } from 'challangex-emulators/push';
import { dbPaths } from '@domain/data/database-paths';
import { cheerPushPayload, nudgePushPayload } from '@domain/reminders/reminder-message';
import { postJson } from './api-harness';
import { MINUTE, PROOF_TESTS_START, proofTestSetup } from './group-api';
import { makeGroup, type GroupMember } from './group-fixtures';
import {
  callApi,
  deliveriesTo,
  EMULATOR_PUSH,
  mintSubscription,
  REMINDERS_ON,
} from './reminders-api';

const setup = proofTestSetup({
  cheerRateLimit: { windowMs: 60_000, max: 1_000 },
  reminderRateLimit: { windowMs: 60_000, max: 1_000 },
  push: EMULATOR_PUSH,
});
const { clock, read, prove, mealOf } = setup;
let push: RunningPushService;

beforeAll(async () => {
  push = await startPushService({ port: 0 });
});
afterAll(() => push?.close());

const groupAction = (from: GroupMember, kind: 'cheers' | 'nudges', to: GroupMember, body = {}) =>
  postJson(
    `${setup.harness.baseUrl}/api/challenges/${to.challengeId}/members/${to.uid}/${kind}`,
    body,
    { token: from.idToken },
  );

/** The member turns reminders on (with these settings) on one device; its endpoint. */
async function remindersOn(member: GroupMember, settings = REMINDERS_ON): Promise<string> {
  const subscription = await mintSubscription(push);
  const call = (method: string, path: string, body: unknown) =>
    callApi(setup.harness.baseUrl, member, method, path, body);
  expect((await call('POST', '/api/reminders/devices', subscription)).status).toBe(201);
  expect((await call('PUT', '/api/reminders/settings', settings)).status).toBe(200);
  return subscription.endpoint;
}

describe('a nudge as a push', () => {
  it('reaches the nudged member naming who and which meal; not one who turned them off', async () => {
    clock.now = PROOF_TESTS_START;
    const { challengeId, owner, members } = await makeGroup(setup.harness, [
      'Owner',
      'Asha',
      'Ravi',
    ]);
    const [, asha, ravi] = members;
    const ashaPhone = await remindersOn(asha);
    const raviPhone = await remindersOn(ravi, { ...REMINDERS_ON, cheersAndNudges: false });
    clock.now = (await mealOf(asha, 'dinner')).opensAt + 5 * MINUTE;

    expect((await groupAction(ravi, 'nudges', asha)).status).toBe(201);
    expect(await deliveriesTo(push, ashaPhone)).toEqual([
      {
        endpoint: ashaPhone,
        receivedAt: expect.any(Number),
        ttl: 3600,
        urgency: 'normal',
        payload: nudgePushPayload({
          fromName: 'Ravi',
          ownerId: owner.uid,
          challengeId,
          challengeTitle: 'Monsoon reset',
          mealKey: 'Day1-dinner',
        }),
      },
    ]);
    // The in-app notice is there as before.
    expect(Object.values(await read(dbPaths.notices(asha.uid)))).toMatchObject([
      { kind: 'nudge', fromUid: ravi.uid, meal: 'Day1-dinner' },
    ]);

    expect((await groupAction(asha, 'nudges', ravi)).status).toBe(201);
    expect(await deliveriesTo(push, raviPhone)).toEqual([]);
    expect(Object.values(await read(dbPaths.notices(ravi.uid)))).toHaveLength(1);
  });
});

describe('quiet hours', () => {
  it("hold back a nudge push in the member's quiet hours; the notice still arrives", async () => {
    clock.now = PROOF_TESTS_START;
    const { members } = await makeGroup(setup.harness, ['Owner', 'Asha', 'Ravi']);
    const [, asha, ravi] = members;
    await setup.harness.database.ref(dbPaths.memberTimeZone(asha.uid)).set('Asia/Kolkata');
    const ashaPhone = await remindersOn(asha, {
      ...REMINDERS_ON,
      quietHours: { start: '19:00', end: '23:00' },
    });
    clock.now = (await mealOf(asha, 'dinner')).opensAt + 5 * MINUTE;
    expect((await groupAction(ravi, 'nudges', asha)).status).toBe(201);
    expect(await deliveriesTo(push, ashaPhone)).toEqual([]);
    expect(Object.values(await read(dbPaths.notices(asha.uid)))).toHaveLength(1);
  });
});

describe('cheers as pushes', () => {
  it('are batched: one push at most every 30 minutes, every cheer still a notice', async () => {
    clock.now = PROOF_TESTS_START;
    const { challengeId, owner, members } = await makeGroup(setup.harness, [
      'Owner',
      'Asha',
      'Ravi',
    ]);
    const [, asha, ravi] = members;
    const ashaPhone = await remindersOn(asha);
    await prove(asha, 'lunch', `cheer-push-${challengeId}`);

    expect((await groupAction(owner, 'cheers', asha, { meal: 'Day1-lunch' })).status).toBe(201);
    clock.now += 5 * MINUTE;
    expect((await groupAction(ravi, 'cheers', asha, { meal: 'Day1-lunch' })).status).toBe(201);
    const lunchCheers = await deliveriesTo(push, ashaPhone);
    expect(lunchCheers.map((delivery) => delivery.payload)).toEqual([
      cheerPushPayload({
        fromName: 'Owner',
        ownerId: owner.uid,
        challengeId,
        challengeTitle: 'Monsoon reset',
        mealKey: 'Day1-lunch',
      }),
    ]);
    expect(Object.values(await read(dbPaths.notices(asha.uid)))).toHaveLength(2);

    // Dinner, hours later: a new batch.
    await prove(asha, 'dinner', `cheer-push-dinner-${challengeId}`);
    expect((await groupAction(ravi, 'cheers', asha, { meal: 'Day1-dinner' })).status).toBe(201);
    const all = await deliveriesTo(push, ashaPhone);
    expect(all).toHaveLength(2);
    expect(all[0].payload).toMatchObject({ kind: 'cheer', title: 'Ravi cheered your dinner' });
  });
});
