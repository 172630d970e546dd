/**
 * Nudges and cheers as pushes (docs/product.md, "Meal reminders"): to the member's devices when they
 * allow "Cheers and nudges", outside their quiet hours; cheers at most one push per
 * CHEER_PUSH_EVERY_MS per member (later ones arrive as in-app notices only). Best effort: a push that
 * cannot go never fails the nudge or cheer.
 */
import type { Database } from 'firebase-admin/database';
import { inQuietHours } from '@domain/reminders/due-reminders';
import {
  cheerPushPayload,
  nudgePushPayload,
  type GroupPushFacts,
} from '@domain/reminders/reminder-message';
import { reminderPaths, type ReminderSettingsRecord } from '@domain/reminders/reminder-records';
import { pushToDevices, readDevices, type PushSender } from './push-delivery';

/** Cheers are batched: one push at most this often per member. */
export const CHEER_PUSH_EVERY_MS = 30 * 60_000;
/** A nudge or cheer is about now: worth showing within the hour, not later. */
const GROUP_PUSH_TTL_SECONDS = 60 * 60;

export interface GroupPushDependencies {
  database: Database;
  clock: () => number;
  /** How the API reaches push services; without it no push is sent (the in-app notice stays). */
  push?: PushSender;
  log?: (message: string, error?: unknown) => void;
}

/** Whether the member takes nudge and cheer pushes now. */
async function allowsGroupPush(database: Database, uid: string, now: number): Promise<boolean> {
  const settings = (
    await database.ref(reminderPaths.settings(uid)).get()
  ).val() as ReminderSettingsRecord | null;
  if (settings?.enabled !== true || settings.cheersAndNudges !== true) return false;
  return !(settings.timeZone && inQuietHours(settings.quietHours, now, settings.timeZone));
}

/** Claims the member's cheer push for this batch window: false when one went out less than 30 minutes ago. */
async function claimCheerPush(database: Database, uid: string, now: number): Promise<boolean> {
  const { committed } = await database
    .ref(`${reminderPaths.state(uid)}/cheerPushedAt`)
    .transaction((last: number | null) =>
      typeof last === 'number' && now - last < CHEER_PUSH_EVERY_MS ? undefined : now,
    );
  return committed;
}

async function pushToGroupMember(
  dependencies: GroupPushDependencies,
  uid: string,
  kind: 'nudge' | 'cheer',
  facts: GroupPushFacts,
): Promise<void> {
  const { database, clock, push, log = () => {} } = dependencies;
  if (!push) return;
  try {
    const now = clock();
    if (!(await allowsGroupPush(database, uid, now))) return;
    const devices = await readDevices(database, uid);
    if (devices.length === 0) return;
    if (kind === 'cheer' && !(await claimCheerPush(database, uid, now))) return;
    const payload = kind === 'nudge' ? nudgePushPayload(facts) : cheerPushPayload(facts);
    await pushToDevices({ database, sender: push, log }, uid, devices, payload, {
      TTL: GROUP_PUSH_TTL_SECONDS,
      urgency: 'normal',
    });
  } catch (error) {
    log(`Push: the ${kind} push to ${uid} failed`, error);
  }
}

/** The nudged member's push: who nudged, and which meal. */
export const pushNudge = (
  dependencies: GroupPushDependencies,
  uid: string,
  facts: GroupPushFacts,
) => pushToGroupMember(dependencies, uid, 'nudge', facts);

/** The cheered member's push, batched. */
export const pushCheer = (
  dependencies: GroupPushDependencies,
  uid: string,
  facts: GroupPushFacts,
) => pushToGroupMember(dependencies, uid, 'cheer', facts);
