/**
 * The meal-reminder sender (docs/architecture.md, "Meal reminders"), run once a minute by a scheduled
 * function (by a timer in the dev stack). It holds no state: each run reads the members who may have
 * a reminder due (the store), asks the pure dueReminders which are due, pushes each to every device
 * of the member through Web Push, spread over the minute, and deletes the subscriptions the push
 * service says are gone.
 */
import {
  dueReminders,
  type DueReminder,
  type ReminderInput,
} from '@domain/reminders/due-reminders';
import { reminderPayload } from '@domain/reminders/reminder-message';
import { deliverPush, type DeviceSubscription, type PushOutcome } from './push-delivery';
import type { SendNotification } from './web-push-transport';
import type { VapidDetails } from './vapid-keys';

/** Pushes started per second at most: a busy minute (dinner in Asia/Kolkata) is spread, not burst. */
export const SENDS_PER_SECOND = 250;
/** Pushes awaiting their push service's answer at once. */
export const SEND_CONCURRENCY = 32;

/** One member who may have a reminder due now, with what dueReminders needs and their devices. */
export interface MemberToRemind extends Omit<ReminderInput, 'now'> {
  uid: string;
  subscriptions: DeviceSubscription[];
}

/** The database side of the sender, injected (reminder-store.ts is the database's). */
export interface ReminderStore {
  /** Members whose reminders may fall due at `now` (on, not disabled, with a device and a plan). */
  membersToCheck(now: number): Promise<MemberToRemind[]>;
  /** Notes reminders sent (their due times), for the pause after REMINDER_PAUSE_AFTER with no proof. */
  recordSent(uid: string, sentAt: number[]): Promise<void>;
  /** Deletes a device's subscription if it still is the one with this endpoint. */
  deleteSubscription(uid: string, deviceId: string, endpoint: string): Promise<void>;
}

export interface SendRemindersDependencies {
  store: ReminderStore;
  vapid: VapidDetails;
  /** web-push's contract; by default its request over fetch (web-push-transport.ts). */
  sendNotification?: SendNotification;
  clock: () => number;
  /** Waits (the pacing of sends); a test may pass one that does not. */
  sleep?: (ms: number) => Promise<void>;
  log: (message: string, error?: unknown) => void;
}

/** What one run did. */
export interface ReminderRun {
  members: number;
  reminders: number;
  sent: number;
  gone: number;
  failed: number;
}

interface PushJob {
  member: MemberToRemind;
  device: MemberToRemind['subscriptions'][number];
  reminder: DueReminder;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seconds the push service should keep trying: until the meal's window closes, no longer. */
const ttlOf = (reminder: DueReminder, now: number) =>
  Math.max(60, Math.floor((reminder.closesAt - now) / 1000));

async function push(
  dependencies: SendRemindersDependencies,
  job: PushJob,
  now: number,
): Promise<PushOutcome> {
  const { member, device, reminder } = job;
  const outcome = await deliverPush(
    dependencies,
    device,
    reminderPayload(reminder, member.uid, member.timeZone),
    { TTL: ttlOf(reminder, now), urgency: reminder.kind === 'last-call' ? 'high' : 'normal' },
    (error) =>
      dependencies.log(`Reminders: push to ${member.uid}/${device.deviceId} failed`, error),
  );
  if (outcome === 'gone')
    await dependencies.store
      .deleteSubscription(member.uid, device.deviceId, device.endpoint)
      .catch((deleteError: unknown) =>
        dependencies.log(`Reminders: deleting ${member.uid}/${device.deviceId}`, deleteError),
      );
  return outcome;
}

/** Runs the jobs, the i-th started no sooner than i / SENDS_PER_SECOND s after the first. */
async function sendPaced(
  dependencies: SendRemindersDependencies,
  jobs: PushJob[],
  now: number,
): Promise<PushOutcome[]> {
  const sleep = dependencies.sleep ?? sleepFor;
  const started = dependencies.clock();
  const outcomes: PushOutcome[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < jobs.length; index = next++) {
      const wait = started + (index * 1000) / SENDS_PER_SECOND - dependencies.clock();
      if (wait > 0) await sleep(wait);
      outcomes[index] = await push(dependencies, jobs[index], now);
    }
  };
  await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, jobs.length) }, worker));
  return outcomes;
}

/** One run of the sender at the clock's `now`. */
export async function sendReminders(dependencies: SendRemindersDependencies): Promise<ReminderRun> {
  const now = dependencies.clock();
  const members = await dependencies.store.membersToCheck(now);
  const jobs: PushJob[] = [];
  const dueByMember = new Map<string, DueReminder[]>();
  for (const member of members) {
    const due = dueReminders({ ...member, now });
    if (due.length === 0 || member.subscriptions.length === 0) continue;
    dueByMember.set(member.uid, due);
    for (const reminder of due)
      for (const device of member.subscriptions) jobs.push({ member, device, reminder });
  }
  const outcomes = await sendPaced(dependencies, jobs, now);
  const reached = new Set(jobs.filter((_, i) => outcomes[i] === 'sent').map((j) => j.member.uid));
  await Promise.all(
    [...reached].map((uid) =>
      dependencies.store
        .recordSent(
          uid,
          dueByMember.get(uid)!.map((reminder) => reminder.dueAt),
        )
        .catch((error: unknown) => dependencies.log(`Reminders: recording ${uid}'s sends`, error)),
    ),
  );
  const count = (outcome: string) => outcomes.filter((o) => o === outcome).length;
  return {
    members: members.length,
    reminders: [...dueByMember.values()].reduce((sum, due) => sum + due.length, 0),
    sent: count('sent'),
    gone: count('gone'),
    failed: count('failed'),
  };
}
