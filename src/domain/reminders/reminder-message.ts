/**
 * What a meal reminder says on the phone (docs/product.md, "Meal reminders"): the meal, when its
 * window closes in the member's zone, and the planned dish.
 */
import { clockTime } from '@domain/challenges/current-meal';
import { mealKeyLabel } from '@domain/challenges/meal-key';
import type { DueReminder } from '@domain/reminders/due-reminders';

/** The meal a push opens on a tap: the challenge page (its owner's plan) at that meal. */
export interface PushTarget {
  ownerId: string;
  challengeId: string;
  challengeTitle: string;
  mealKey: DueReminder['mealKey'];
}

/** What every push shows: the notification's title and body, and its tag (a repeat replaces it). */
interface PushNotice {
  title: string;
  body: string;
  tag: string;
}

/** The JSON a reminder push carries; the service worker shows it and opens the meal on a tap. */
export interface ReminderPayload extends PushNotice, PushTarget {
  kind: DueReminder['kind'];
}

/** "Send a test reminder": opens the app's home on a tap. */
export interface TestPushPayload extends PushNotice {
  kind: 'test';
}

/** A group member nudged this member about a meal: opens the member's own plan at that meal. */
export interface NudgePushPayload extends PushNotice, PushTarget {
  kind: 'nudge';
}

/** Group members cheered this member's proofs (at most one push every 30 minutes). */
export interface CheerPushPayload extends PushNotice, PushTarget {
  kind: 'cheer';
}

/** Every push the API sends; the service worker branches on `kind`. */
export type PushPayload = ReminderPayload | TestPushPayload | NudgePushPayload | CheerPushPayload;

const mealName = (slot: DueReminder['slot']) => slot[0].toUpperCase() + slot.slice(1);

/** "Lunch is open until 3:00 PM: Rajma chawal"; "Last call: lunch closes at 3:00 PM". */
export function reminderPayload(
  reminder: DueReminder,
  ownerId: string,
  timeZone: string,
): ReminderPayload {
  const closes = clockTime(reminder.closesAt, timeZone);
  const title =
    reminder.kind === 'window-open'
      ? `${mealName(reminder.slot)} is open until ${closes}: ${reminder.dish}`
      : `Last call: ${reminder.slot} closes at ${closes}`;
  const body =
    reminder.kind === 'window-open'
      ? `Day ${reminder.dayNumber} of ${reminder.challengeTitle}. Snap your plate to prove it.`
      : `${reminder.dish} is not proved yet. 30 minutes left to snap it.`;
  return {
    kind: reminder.kind,
    title,
    body,
    tag: `${reminder.challengeId}/${reminder.mealKey}`,
    ownerId,
    challengeId: reminder.challengeId,
    challengeTitle: reminder.challengeTitle,
    mealKey: reminder.mealKey,
  };
}

/** "Send a test reminder": what the member sees at once on the device(s). */
export function testPushPayload(): TestPushPayload {
  return {
    kind: 'test',
    title: 'ChallangeX reminders are on',
    body: 'This is a test. Your meal reminders will arrive like this.',
    tag: 'test',
  };
}

/** Who did it, and where it leads: a group's challenge at one meal. */
export interface GroupPushFacts extends PushTarget {
  /** The member who nudged or cheered ("Someone" when they have no name). */
  fromName: string;
}

const slotOfKey = (mealKey: string) => /-(\w+)$/.exec(mealKey)?.[1] ?? 'meal';

/** "Meera nudged you: lunch is waiting for its photo". */
export function nudgePushPayload(facts: GroupPushFacts): NudgePushPayload {
  const { fromName, ...target } = facts;
  return {
    kind: 'nudge',
    title: `${fromName || 'Someone'} nudged you: ${slotOfKey(target.mealKey)} is waiting for its photo`,
    body: `${mealKeyLabel(target.mealKey)} of ${target.challengeTitle}. Snap your plate to prove it.`,
    tag: `nudge/${target.challengeId}/${target.mealKey}`,
    ...target,
  };
}

/** "Meera cheered your lunch"; later cheers within the batch window arrive in the app only. */
export function cheerPushPayload(facts: GroupPushFacts): CheerPushPayload {
  const { fromName, ...target } = facts;
  return {
    kind: 'cheer',
    title: `${fromName || 'Someone'} cheered your ${slotOfKey(target.mealKey)}`,
    body: `${mealKeyLabel(target.mealKey)} of ${target.challengeTitle}. Keep it going!`,
    tag: `cheer/${target.challengeId}`,
    ...target,
  };
}
