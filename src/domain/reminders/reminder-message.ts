/**
 * What a meal reminder says on the phone (docs/product.md, "Meal reminders"): the meal, when its
 * window closes in the member's zone, and the planned dish.
 */
import { clockTime } from '@domain/challenges/current-meal';
import type { DueReminder } from '@domain/reminders/due-reminders';

/** The JSON a reminder push carries; the service worker shows it and opens the meal on a tap. */
export interface ReminderPayload {
  kind: DueReminder['kind'];
  title: string;
  body: string;
  /** One notification per meal: a last call replaces that meal's window-open reminder. */
  tag: string;
  ownerId: string;
  challengeId: string;
  challengeTitle: string;
  mealKey: DueReminder['mealKey'];
}

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
