import { describe, expect, it } from 'vitest';
import { zonedTimeToEpochMs } from '@domain/calendar-dates';
import type { DueReminder } from '@domain/reminders/due-reminders';
import { reminderPayload } from '@domain/reminders/reminder-message';

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
