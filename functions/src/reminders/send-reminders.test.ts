// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { zonedTimeToEpochMs } from '@domain/calendar-dates';
import type { ReminderSettings } from '@domain/reminders/due-reminders';
import {
  SENDS_PER_SECOND,
  sendReminders,
  type MemberToRemind,
  type ReminderStore,
} from './send-reminders';
import { DEV_VAPID_KEYS, reminderVapidDetails } from './vapid-keys';

const ON: ReminderSettings = {
  enabled: true,
  breakfast: true,
  lunch: true,
  dinner: true,
  lastCall: true,
  cheersAndNudges: true,
};
const LUNCH_OPENS = zonedTimeToEpochMs('2026-03-10', 12, 0, 'UTC');

function memberWith(uid: string, devices: string[]): MemberToRemind {
  return {
    uid,
    timeZone: 'UTC',
    settings: ON,
    unansweredInARow: 0,
    challenges: [
      {
        challengeId: `c-${uid}`,
        title: 'Week',
        startDate: '2026-03-10',
        day: 1,
        meals: { Day1: { lunch: { name: 'Dal', status: 'Pending' } } },
      },
    ],
    subscriptions: devices.map((deviceId) => ({
      deviceId,
      endpoint: `https://push.test/${uid}/${deviceId}`,
      keys: { p256dh: 'p', auth: 'a' },
    })),
  };
}

function fakeStore(members: MemberToRemind[]) {
  const sent: Array<[string, number[]]> = [];
  const deleted: string[] = [];
  const store: ReminderStore = {
    membersToCheck: async () => members,
    recordSent: async (uid, at) => void sent.push([uid, at]),
    deleteSubscription: async (uid, deviceId) => void deleted.push(`${uid}/${deviceId}`),
  };
  return { store, sent, deleted };
}

describe('sendReminders', () => {
  it('spreads a busy minute: push k starts no sooner than k / SENDS_PER_SECOND s after the first', async () => {
    const members = Array.from({ length: 50 }, (_, i) => memberWith(`m${i}`, ['phone', 'laptop']));
    const { store } = fakeStore(members);
    const startedAt: number[] = [];
    const first = performance.now();
    const result = await sendReminders({
      store,
      vapid: { subject: 'mailto:x@y.z', ...DEV_VAPID_KEYS },
      sendNotification: async () => {
        startedAt.push(performance.now() - first);
        return { statusCode: 201 };
      },
      // The real clock and timers; the reminders are due at lunch's opening whatever the real time.
      clock: () => LUNCH_OPENS + (performance.now() - first),
      log: () => {},
    });
    expect(result).toEqual({ members: 50, reminders: 50, sent: 100, gone: 0, failed: 0 });
    const interval = 1000 / SENDS_PER_SECOND;
    // Timers may fire up to a millisecond early; never a push ahead of its slot beyond that.
    startedAt
      .sort((a, b) => a - b)
      .forEach((at, k) => expect(at).toBeGreaterThan(k * interval - 1.5));
  });

  it('deletes subscriptions answered 404 or 410, counts other failures, records only members reached', async () => {
    const { store, sent, deleted } = fakeStore([
      memberWith('asha', ['phone', 'old']),
      memberWith('ravi', ['broken']),
      memberWith('mira', ['gone']),
    ]);
    const answers: Record<string, number> = { old: 410, broken: 500, gone: 404 };
    const logged: string[] = [];
    const result = await sendReminders({
      store,
      vapid: { subject: 'mailto:x@y.z', ...DEV_VAPID_KEYS },
      sendNotification: async (subscription) => {
        const status = answers[subscription.endpoint.split('/').at(-1)!] ?? 201;
        if (status >= 300) throw Object.assign(new Error('refused'), { statusCode: status });
        return { statusCode: status };
      },
      clock: () => LUNCH_OPENS + 1_000,
      sleep: async () => {},
      log: (message) => logged.push(message),
    });
    expect(result).toEqual({ members: 3, reminders: 3, sent: 1, gone: 2, failed: 1 });
    expect(deleted.sort()).toEqual(['asha/old', 'mira/gone']);
    expect(sent).toEqual([['asha', [LUNCH_OPENS]]]);
    expect(logged).toEqual(['Reminders: push to ravi/broken failed']);
  });

  it('sends nothing and records nothing when no reminder is due', async () => {
    const { store, sent } = fakeStore([memberWith('asha', ['phone'])]);
    let pushes = 0;
    const result = await sendReminders({
      store,
      vapid: { subject: 'mailto:x@y.z', ...DEV_VAPID_KEYS },
      sendNotification: async () => {
        pushes++;
        return { statusCode: 201 };
      },
      clock: () => LUNCH_OPENS + 60_000,
      log: () => {},
    });
    expect(result).toEqual({ members: 1, reminders: 0, sent: 0, gone: 0, failed: 0 });
    expect(pushes).toBe(0);
    expect(sent).toEqual([]);
  });
});

describe('reminderVapidDetails', () => {
  it('signs with the dev pair under the emulators only', () => {
    expect(reminderVapidDetails({ inEmulator: true })).toEqual({
      subject: 'mailto:reminders@challangex.dev',
      ...DEV_VAPID_KEYS,
    });
  });

  it('refuses a deploy with no key, or with the public dev pair', () => {
    expect(() => reminderVapidDetails({ inEmulator: false })).toThrow(
      'Meal reminders need the VAPID_PUBLIC_KEY param and the VAPID_PRIVATE_KEY secret',
    );
    expect(() => reminderVapidDetails({ inEmulator: false, ...DEV_VAPID_KEYS })).toThrow(
      'The dev VAPID key pair is public',
    );
    expect(
      reminderVapidDetails({ inEmulator: false, publicKey: 'B-prod', privateKey: 'prod' }),
    ).toEqual({
      subject: 'mailto:reminders@challangex.dev',
      publicKey: 'B-prod',
      privateKey: 'prod',
    });
  });
});
