/**
 * The sender's reads and writes in the Realtime Database (docs/architecture.md, "Meal reminders").
 * Per run: the zone list, one query per zone at a reminder minute, then four reads per member of
 * those zones; so reads grow with the members who have a reminder due, not with all members.
 */
import type { Database } from 'firebase-admin/database';
import type { ChallengeRecord } from '@domain/challenges/challenge-record';
import { dbPaths } from '@domain/data/database-paths';
import {
  REMINDER_PAUSE_AFTER,
  unansweredReminders,
  type ReminderChallenge,
} from '@domain/reminders/due-reminders';
import {
  reminderPaths,
  zoneOfKey,
  type ReminderSettingsRecord,
  type ReminderStateRecord,
} from '@domain/reminders/reminder-records';
import { zonesAtReminderMinute } from '@domain/reminders/reminder-zones';
import { deleteGoneSubscription, devicesOf } from './push-delivery';
import type { MemberToRemind, ReminderStore } from './send-reminders';

/** Members read at once. */
const READ_CONCURRENCY = 16;

function reminderChallenge(challengeId: string, record: ChallengeRecord): ReminderChallenge {
  return {
    challengeId,
    title: record.title,
    startDate: record.startDate,
    day: record.day,
    createdAt: record.createdAt,
    meals: record.meals ?? {},
  };
}

/** The latest proof's time across the plans (what ends a run of unanswered reminders). */
export function lastProofAt(challenges: ChallengeRecord[]): number | undefined {
  let latest: number | undefined;
  for (const challenge of challenges)
    for (const day of Object.values(challenge.meals ?? {}))
      for (const meal of Object.values(day ?? {}))
        if (meal?.status === 'Done' && typeof meal.doneAt === 'number')
          latest = Math.max(latest ?? meal.doneAt, meal.doneAt);
  return latest;
}

async function readMember(
  database: Database,
  uid: string,
  settings: ReminderSettingsRecord,
): Promise<MemberToRemind | undefined> {
  const [disabled, devices, active, state] = await Promise.all([
    database.ref(dbPaths.disabledMember(uid)).get(),
    database.ref(reminderPaths.subscriptions(uid)).get(),
    database.ref(dbPaths.userChallenges(uid)).orderByChild('isActive').equalTo(true).get(),
    database.ref(reminderPaths.state(uid)).get(),
  ]);
  if (disabled.exists()) return undefined;
  const subscriptions = devicesOf(devices.val());
  const records = Object.entries((active.val() ?? {}) as Record<string, ChallengeRecord>).filter(
    ([, record]) => record && !record.deleted && typeof record.startDate === 'string',
  );
  if (subscriptions.length === 0 || records.length === 0) return undefined;
  const { sentAt = [], resumedAt } = (state.val() ?? {}) as ReminderStateRecord;
  return {
    uid,
    timeZone: settings.timeZone!,
    settings,
    challenges: records.map(([id, record]) => reminderChallenge(id, record)),
    unansweredInARow: unansweredReminders(
      Object.values(sentAt),
      lastProofAt(records.map(([, record]) => record)),
      resumedAt,
    ),
    subscriptions,
  };
}

async function mapLimited<T, R>(items: T[], limit: number, run: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++)
      results[index] = await run(items[index]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export function databaseReminderStore(database: Database): ReminderStore {
  return {
    async membersToCheck(now) {
      const zoneKeys = Object.keys(
        ((await database.ref(reminderPaths.zones).get()).val() ?? {}) as object,
      );
      const zones = zonesAtReminderMinute(zoneKeys.map(zoneOfKey), now);
      const settingsByZone = await Promise.all(
        zones.map(async (zone) => {
          const found = await database
            .ref(reminderPaths.settingsList)
            .orderByChild('timeZone')
            .equalTo(zone)
            .get();
          return Object.entries((found.val() ?? {}) as Record<string, ReminderSettingsRecord>);
        }),
      );
      const enabled = settingsByZone.flat().filter(([, settings]) => settings?.enabled === true);
      const members = await mapLimited(enabled, READ_CONCURRENCY, ([uid, settings]) =>
        readMember(database, uid, settings),
      );
      return members.filter((member): member is MemberToRemind => member !== undefined);
    },

    async recordSent(uid, sentAt) {
      await database
        .ref(`${reminderPaths.state(uid)}/sentAt`)
        .transaction((current: number[] | null) =>
          [...Object.values(current ?? {}), ...sentAt].slice(-REMINDER_PAUSE_AFTER),
        );
    },

    async deleteSubscription(uid, deviceId, endpoint) {
      // A device that subscribed again since the push keeps its new subscription.
      await deleteGoneSubscription(database, uid, { deviceId, endpoint });
    },
  };
}
