/**
 * The dinner peak of meal reminders (issue #42, "Cost"): N members in Asia/Kolkata, each with a
 * 7-day plan, reminders on and one device, whose dinner opens at 20:00. One run of the real sender
 * (functions/src/reminders/send-reminders.ts with its database store and web-push transport) at
 * 20:00:03 computes every reminder and hands each to the local push service, which checks its VAPID
 * signature and decrypts it.
 *
 * The RTDB emulator and the push service run as child processes, so this process's CPU time is the
 * sender's own (firebase-admin, the due-reminder computation, encryption and signing). Database reads
 * are counted at the store's Database (every get() of a ref or query): per reminder, at 1,000 and at
 * 10,000 members, to show they do not grow with the members.
 */
import { loadavg } from 'node:os';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getDatabase, type Database } from 'firebase-admin/database';
import { zonedTimeToEpochMs, type CalendarDate } from '@domain/calendar-dates';
import { MEAL_SLOTS } from '@domain/constants';
import { dayKey, mealWindow } from '@domain/challenges/meal-schedule';
import { dbPaths } from '@domain/data/database-paths';
import { reminderPaths, zoneKey } from '@domain/reminders/reminder-records';
import { databaseReminderStore } from '../../functions/src/reminders/reminder-store';
import { sendReminders, type ReminderRun } from '../../functions/src/reminders/send-reminders';
import { DEFAULT_VAPID_SUBJECT, DEV_VAPID_KEYS } from '../../functions/src/reminders/vapid-keys';
import { startNodeProcess, type ManagedProcess } from '../lib/processes';
import { check, type Row } from './report';

/** The budget: every reminder of the peak minute handed over within it. */
export const REMINDER_PEAK_BUDGET = { sendAllMs: 60_000, members: 10_000 } as const;
/** Reads per reminder may not grow with the members: at most this much apart between the two sizes. */
const FLAT_READS_TOLERANCE = 0.05;

const ZONE = 'Asia/Kolkata';
const START: CalendarDate = '2026-03-10';
/** Day 2's dinner opens at 20:00 IST; the tick runs 3 s later. */
const DINNER_OPENS = zonedTimeToEpochMs('2026-03-11', 20, 0, ZONE);
const SEED_BATCH = 500;
const MINT_CONCURRENCY = 16;

export interface ReminderPeak {
  members: number;
  run: ReminderRun;
  sendAllMs: number;
  reads: number;
  readsPerReminder: number;
  /** Sender CPU (user + system) over the run, and as a share of one core. */
  cpuMs: number;
  deliveries: number;
  load: number;
}

/** A child process that prints `<something> ready on http://HOST:PORT`; its origin. */
function startReadyChild(
  name: string,
  script: string,
  args: string[],
): { child: ManagedProcess; origin: Promise<string> } {
  let resolveOrigin: (origin: string) => void;
  const origin = new Promise<string>((resolve) => (resolveOrigin = resolve));
  const child = startNodeProcess(name, script, args, {
    nodeArgs: ['--import', 'tsx'],
    log: (_source, line) => {
      const ready = /ready on (http:\/\/[\d.]+:\d+)/.exec(line);
      if (ready) resolveOrigin(ready[1]);
    },
  });
  return {
    child,
    origin: Promise.race([
      origin,
      new Promise<string>((_, reject) =>
        setTimeout(() => reject(new Error(`${name} did not start`)), 60_000).unref(),
      ),
    ]),
  };
}

/** Counts every get() on refs and queries made from this Database. */
function countingDatabase(database: Database): { database: Database; reads: () => number } {
  let reads = 0;
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, property, receiver) {
        const value: unknown = Reflect.get(object, property, receiver);
        if (typeof value !== 'function') return value;
        if (property === 'get')
          return (...args: unknown[]) => {
            reads++;
            return (value as (...a: unknown[]) => unknown).apply(object, args);
          };
        if (
          ['ref', 'orderByChild', 'equalTo', 'child', 'orderByKey', 'limitToFirst'].includes(
            String(property),
          )
        )
          return (...args: unknown[]) =>
            wrap((value as (...a: unknown[]) => object).apply(object, args));
        return (value as (...a: unknown[]) => unknown).bind(object);
      },
    });
  return { database: wrap(database), reads: () => reads };
}

function plan() {
  const meals: Record<string, Record<string, unknown>> = {};
  for (let day = 1; day <= 7; day++)
    meals[dayKey(day)] = Object.fromEntries(
      MEAL_SLOTS.map((slot) => [
        slot,
        { name: `Day${day} ${slot}`, status: 'Pending', ...mealWindow(START, day, slot, ZONE) },
      ]),
    );
  return {
    title: 'Lean week',
    day: 7,
    startDate: START,
    timezone: ZONE,
    isActive: true,
    deleted: false,
    createdAt: zonedTimeToEpochMs(START, 7, 0, ZONE),
    meals,
  };
}

async function mintAll(pushOrigin: string, count: number) {
  const minted: Array<{ endpoint: string; keys: { p256dh: string; auth: string } }> = [];
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < count; index = next++) {
      const response = await fetch(`${pushOrigin}/subscriptions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ applicationServerKey: DEV_VAPID_KEYS.publicKey }),
      });
      minted[index] = (await response.json()) as (typeof minted)[number];
    }
  };
  await Promise.all(Array.from({ length: MINT_CONCURRENCY }, worker));
  return minted;
}

/** N members of the peak, written in batches; `prefix` keeps sizes apart in one database. */
async function seedMembers(database: Database, pushOrigin: string, count: number, prefix: string) {
  const devices = await mintAll(pushOrigin, count);
  const record = plan();
  for (let first = 0; first < count; first += SEED_BATCH) {
    const update: Record<string, unknown> = { [reminderPaths.zone(zoneKey(ZONE))]: true };
    for (let index = first; index < Math.min(count, first + SEED_BATCH); index++) {
      const uid = `${prefix}-${index}`;
      update[dbPaths.challenge(uid, `-Npeak${index}`)] = record;
      update[reminderPaths.settings(uid)] = {
        enabled: true,
        breakfast: true,
        lunch: true,
        dinner: true,
        lastCall: true,
        cheersAndNudges: true,
        quietHours: null,
        timeZone: ZONE,
        updatedAt: 1,
      };
      update[reminderPaths.subscription(uid, 'phone')] = { ...devices[index], createdAt: 1 };
    }
    await database.ref().update(update);
  }
}

async function deliveryCount(pushOrigin: string): Promise<number> {
  const deliveries = (await (await fetch(`${pushOrigin}/deliveries`)).json()) as unknown[];
  return deliveries.length;
}

/** One peak of `members` members, alone in the database. */
async function measurePeak(
  database: Database,
  pushOrigin: string,
  members: number,
): Promise<ReminderPeak> {
  await database.ref().set(null);
  await fetch(`${pushOrigin}/deliveries`, { method: 'DELETE' });
  await seedMembers(database, pushOrigin, members, `m${members}`);
  const counted = countingDatabase(database);
  const startedAt = Date.now();
  const cpuBefore = process.cpuUsage();
  const run = await sendReminders({
    store: databaseReminderStore(counted.database),
    vapid: { subject: DEFAULT_VAPID_SUBJECT, ...DEV_VAPID_KEYS },
    // The peak's minute, moving with real time (the sends are paced on this clock).
    clock: () => DINNER_OPENS + 3_000 + (Date.now() - startedAt),
    log: () => {},
  });
  const sendAllMs = Date.now() - startedAt;
  const cpu = process.cpuUsage(cpuBefore);
  return {
    members,
    run,
    sendAllMs,
    reads: counted.reads(),
    readsPerReminder: counted.reads() / Math.max(1, run.reminders),
    cpuMs: (cpu.user + cpu.system) / 1000,
    deliveries: await deliveryCount(pushOrigin),
    load: loadavg()[0],
  };
}

export async function measureReminderPeaks(sizes: number[]): Promise<ReminderPeak[]> {
  const maxDeliveries = String(Math.max(...sizes) * 2);
  const push = startReadyChild('push', 'emulators/push/cli.ts', [
    '--port',
    '0',
    '--quiet',
    '--max-deliveries',
    maxDeliveries,
  ]);
  const rtdb = startReadyChild('database', 'emulators/database/cli.ts', ['--port', '0']);
  const [pushOrigin, databaseOrigin] = await Promise.all([push.origin, rtdb.origin]);
  const app = initializeApp(
    { projectId: 'demo-reminder-peak', databaseURL: `${databaseOrigin}?ns=reminder-peak` },
    'reminder-peak',
  );
  try {
    const peaks: ReminderPeak[] = [];
    for (const size of sizes) peaks.push(await measurePeak(getDatabase(app), pushOrigin, size));
    return peaks;
  } finally {
    await deleteApp(app);
    await Promise.all([push.child.stop(), rtdb.child.stop()]);
  }
}

export async function reminderPeakRows(): Promise<Row[]> {
  const peaks = await measureReminderPeaks([1_000, REMINDER_PEAK_BUDGET.members]);
  const area = 'reminders';
  const rows: Row[] = peaks.map((peak) => ({
    area,
    measure: `dinner peak (Asia/Kolkata, 20:00), ${peak.members.toLocaleString('en')} members with one device each: every reminder computed and handed to the local push service (1-min load ${peak.load.toFixed(1)})`,
    result: `${(peak.sendAllMs / 1000).toFixed(1)} s; ${peak.run.sent.toLocaleString('en')} sent of ${peak.run.reminders.toLocaleString('en')}, ${peak.deliveries.toLocaleString('en')} decrypted; sender CPU ${(peak.cpuMs / 1000).toFixed(1)} s (${((peak.cpuMs / peak.sendAllMs) * 100).toFixed(0)} % of a core)`,
    budget: `≤ ${REMINDER_PEAK_BUDGET.sendAllMs / 1000} s, all sent`,
    status: check(
      peak.sendAllMs <= REMINDER_PEAK_BUDGET.sendAllMs &&
        peak.run.sent === peak.members &&
        peak.deliveries === peak.members,
    ),
  }));
  const [few, many] = peaks;
  rows.push({
    area,
    measure: `database reads per reminder, ${few.members.toLocaleString('en')} vs ${many.members.toLocaleString('en')} members (zone list, one zone query, then 4 per member reminded)`,
    result: `${few.readsPerReminder.toFixed(3)} vs ${many.readsPerReminder.toFixed(3)} (${few.reads.toLocaleString('en')} / ${many.reads.toLocaleString('en')} reads)`,
    budget: `flat (within ${FLAT_READS_TOLERANCE * 100} %)`,
    status: check(
      Math.abs(many.readsPerReminder - few.readsPerReminder) <=
        FLAT_READS_TOLERANCE * few.readsPerReminder,
    ),
  });
  return rows;
}

// `npx tsx scripts/bench/reminder-peak.ts [members…]`: this section alone.
if (process.argv[1]?.endsWith('reminder-peak.ts')) {
  const sizes = process.argv.slice(2).map(Number);
  const peaks = await measureReminderPeaks(sizes.length > 0 ? sizes : [1_000, 10_000]);
  console.log(JSON.stringify(peaks, null, 2));
  process.exit(0);
}
