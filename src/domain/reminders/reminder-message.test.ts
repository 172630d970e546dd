import { describe, expect, it } from 'vitest';
import { zonedTimeToEpochMs } from '@domain/calendar-dates';
import type { DueReminder } from '@domain/reminders/due-reminders';
import {
  cheerPushPayload,
  nudgePushPayload,
  reminderPayload,
  testPushPayload,
} from '@domain/reminders/reminder-message';

const zone = 'Asia/Kolkata';
const lunch: DueReminder = {
  kind: 'window-open',
  challengeId: 'c1',
  challengeTitle: 'Lean week',
  dayNumber: 2,
  slot: 'lunch',
  mealKey: 'Day2-lunch',
  dish: 'Rajma chawal',
  opensAt: zonedTimeToEpochMs('2026-03-11', 12, 0, zone),
  closesAt: zonedTimeToEpochMs('2026-03-11', 15, 0, zone),
  dueAt: zonedTimeToEpochMs('2026-03-11', 12, 0, zone),
};

describe('reminderPayload', () => {
  it('names the meal, its closing time in the member’s zone and the dish', () => {
    expect(reminderPayload(lunch, 'u1', zone)).toEqual({
      kind: 'window-open',
      title: 'Lunch is open until 3:00 PM: Rajma chawal',
      body: 'Day 2 of Lean week. Snap your plate to prove it.',
      tag: 'c1/Day2-lunch',
      ownerId: 'u1',
      challengeId: 'c1',
      challengeTitle: 'Lean week',
      mealKey: 'Day2-lunch',
    });
  });

  it('says a last call is one, with the same tag so it replaces the meal’s first reminder', () => {
    const payload = reminderPayload({ ...lunch, kind: 'last-call' }, 'u1', zone);
    expect(payload).toMatchObject({
      kind: 'last-call',
      title: 'Last call: lunch closes at 3:00 PM',
      body: 'Rajma chawal is not proved yet. 30 minutes left to snap it.',
      tag: 'c1/Day2-lunch',
    });
  });
});

describe('nudge, cheer and test pushes', () => {
  const facts = {
    fromName: 'Meera',
    ownerId: 'owner-1',
    challengeId: 'c1',
    challengeTitle: 'Lean week',
    mealKey: 'Day2-lunch' as const,
  };

  it('a nudge names who nudged and which meal, and opens that meal', () => {
    expect(nudgePushPayload(facts)).toEqual({
      kind: 'nudge',
      title: 'Meera nudged you: lunch is waiting for its photo',
      body: 'Day 2 lunch of Lean week. Snap your plate to prove it.',
      tag: 'nudge/c1/Day2-lunch',
      ownerId: 'owner-1',
      challengeId: 'c1',
      challengeTitle: 'Lean week',
      mealKey: 'Day2-lunch',
    });
  });

  it('a cheer names who cheered; one tag per challenge so a later batch replaces it', () => {
    const cheer = cheerPushPayload({ ...facts, fromName: '' });
    expect(cheer.title).toBe('Someone cheered your lunch');
    expect(cheer.tag).toBe('cheer/c1');
  });

  it('the test push says it is a test', () => {
    expect(testPushPayload()).toEqual({
      kind: 'test',
      title: 'ChallangeX reminders are on',
      body: 'This is a test. Your meal reminders will arrive like this.',
      tag: 'test',
    });
  });
});
