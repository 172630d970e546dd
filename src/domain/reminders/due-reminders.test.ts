import { describe, expect, it } from 'vitest';
import { zonedTimeToEpochMs, type CalendarDate } from '@domain/calendar-dates';
import { MEAL_SLOTS } from '@domain/constants';
import { MAX_PROOF_ATTEMPTS, storagePaths } from '@domain/data/storage-paths';
import {
  dueReminders,
  inQuietHours,
  REMINDER_PAUSE_AFTER,
  unansweredReminders,
  type ReminderChallenge,
  type ReminderInput,
  type ReminderMeal,
  type ReminderSettings,
} from '@domain/reminders/due-reminders';

const ALL_ON: ReminderSettings = {
  enabled: true,
  breakfast: true,
  lunch: true,
  dinner: true,
  lastCall: true,
  cheersAndNudges: true,
  quietHours: null,
};

/** A plan whose dishes name their day and meal ("Day3 lunch dish"), nothing proved. */
function plan(startDate: CalendarDate, days = 7, extra: Partial<ReminderChallenge> = {}) {
  const meals: ReminderChallenge['meals'] = {};
  for (let day = 1; day <= days; day++)
    meals[`Day${day}`] = Object.fromEntries(
      MEAL_SLOTS.map((slot) => [slot, { name: `Day${day} ${slot} dish`, status: 'Pending' }]),
    );
  return { challengeId: 'c1', title: 'Seven days of dal', startDate, day: days, meals, ...extra };
}

/** The instant of a local wall-clock time, plus seconds. */
const at = (date: CalendarDate, clock: string, timeZone: string, seconds = 0) => {
  const [hour, minute] = clock.split(':').map(Number);
  return zonedTimeToEpochMs(date, hour, minute, timeZone) + seconds * 1000;
};

function due(overrides: Partial<ReminderInput> & Pick<ReminderInput, 'now'>) {
  return dueReminders({
    timeZone: 'Asia/Kolkata',
    challenges: [plan('2026-03-10')],
    settings: ALL_ON,
    unansweredInARow: 0,
    ...overrides,
  });
}

const kinds = (reminders: ReturnType<typeof dueReminders>) =>
  reminders.map((reminder) => `${reminder.kind} ${reminder.mealKey}`);

describe('window-open reminders', () => {
  it('names the meal, its window and its dish in the minute the window opens (Asia/Kolkata)', () => {
    const opens = at('2026-03-11', '20:00', 'Asia/Kolkata');
    expect(due({ now: opens + 2_000 })).toEqual([
      {
        kind: 'window-open',
        challengeId: 'c1',
        challengeTitle: 'Seven days of dal',
        dayNumber: 2,
        slot: 'dinner',
        mealKey: 'Day2-dinner',
        dish: 'Day2 dinner dish',
        opensAt: opens,
        closesAt: at('2026-03-11', '23:00', 'Asia/Kolkata'),
        dueAt: opens,
      },
    ]);
    expect(opens).toBe(Date.UTC(2026, 2, 11, 14, 30));
  });

  it('falls due in exactly one tick of 60 s', () => {
    const opens = at('2026-03-10', '12:00', 'Asia/Kolkata');
    expect(due({ now: opens - 1 })).toEqual([]);
    expect(kinds(due({ now: opens }))).toEqual(['window-open Day1-lunch']);
    expect(kinds(due({ now: opens + 59_999 }))).toEqual(['window-open Day1-lunch']);
    expect(due({ now: opens + 60_000 })).toEqual([]);
  });

  it.each([
    [
      'UTC',
      '2026-03-12',
      Date.UTC(2026, 2, 12, 8),
      Date.UTC(2026, 2, 12, 12),
      Date.UTC(2026, 2, 12, 20),
    ],
    [
      'America/New_York',
      '2026-03-12',
      Date.UTC(2026, 2, 12, 12),
      Date.UTC(2026, 2, 12, 16),
      Date.UTC(2026, 3 - 1, 13, 0),
    ],
  ])('opens breakfast, lunch and dinner at 08:00, 12:00, 20:00 in %s', (zone, date, b, l, d) => {
    const input = { timeZone: zone, challenges: [plan('2026-03-10')] };
    expect(kinds(due({ ...input, now: b }))).toEqual(['window-open Day3-breakfast']);
    expect(kinds(due({ ...input, now: l }))).toEqual(['window-open Day3-lunch']);
    expect(kinds(due({ ...input, now: d }))).toEqual(['window-open Day3-dinner']);
    expect(due({ ...input, now: at(date, '16:00', zone) })).toEqual([]);
  });

  it('follows the clock across a DST change (America/New_York springs forward on 2026-03-08)', () => {
    const input = { timeZone: 'America/New_York', challenges: [plan('2026-03-07', 3)] };
    // Day 1 (EST, UTC−5): breakfast at 13:00 UTC; Day 2 (EDT, UTC−4): at 12:00 UTC.
    expect(kinds(due({ ...input, now: Date.UTC(2026, 2, 7, 13) }))).toEqual([
      'window-open Day1-breakfast',
    ]);
    expect(kinds(due({ ...input, now: Date.UTC(2026, 2, 8, 12) }))).toEqual([
      'window-open Day2-breakfast',
    ]);
    expect(due({ ...input, now: Date.UTC(2026, 2, 8, 13) })).toEqual([]);
    expect(kinds(due({ ...input, now: Date.UTC(2026, 2, 9, 0) }))).toEqual([
      'window-open Day2-dinner',
    ]);
  });

  it('follows the clock when it falls back (Europe/London on 2026-10-25)', () => {
    const input = { timeZone: 'Europe/London', challenges: [plan('2026-10-24', 2)] };
    expect(kinds(due({ ...input, now: Date.UTC(2026, 9, 24, 7) }))).toEqual([
      'window-open Day1-breakfast',
    ]);
    expect(kinds(due({ ...input, now: Date.UTC(2026, 9, 25, 8) }))).toEqual([
      'window-open Day2-breakfast',
    ]);
  });

  it('reminds on each of days 1–7 with that day’s dish, and not before Day 1 or after Day 7', () => {
    const zone = 'Asia/Kolkata';
    for (let day = 1; day <= 7; day++) {
      const date = `2026-03-${String(9 + day).padStart(2, '0')}`;
      const [reminder] = due({ now: at(date, '08:00', zone, 5) });
      expect(reminder).toMatchObject({ dayNumber: day, dish: `Day${day} breakfast dish` });
    }
    expect(due({ now: at('2026-03-09', '08:00', zone) })).toEqual([]);
    expect(due({ now: at('2026-03-17', '08:00', zone) })).toEqual([]);
    expect(
      due({ now: at('2026-03-17', '08:00', zone), challenges: [plan('2026-03-10', 3)] }),
    ).toEqual([]);
  });

  it('reminds of each active challenge whose meal opens in the same minute', () => {
    const challenges = [plan('2026-03-10'), plan('2026-03-11', 3, { challengeId: 'c2' })];
    const reminders = due({ challenges, now: at('2026-03-12', '12:00', 'Asia/Kolkata') });
    expect(reminders.map((r) => [r.challengeId, r.mealKey])).toEqual([
      ['c1', 'Day3-lunch'],
      ['c2', 'Day2-lunch'],
    ]);
  });

  it('sends none for meals whose time came before the member started the challenge', () => {
    const zone = 'Asia/Kolkata';
    const createdAt = at('2026-03-10', '13:00', zone);
    const challenges = [plan('2026-03-10', 7, { createdAt })];
    expect(due({ challenges, now: at('2026-03-10', '08:00', zone) })).toEqual([]);
    expect(due({ challenges, now: at('2026-03-10', '12:00', zone) })).toEqual([]);
    expect(kinds(due({ challenges, now: at('2026-03-10', '14:30', zone) }))).toEqual([
      'last-call Day1-lunch',
    ]);
    expect(kinds(due({ challenges, now: at('2026-03-10', '20:00', zone) }))).toEqual([
      'window-open Day1-dinner',
    ]);
  });

  it('sends none for a meal switched off, and none at all when reminders are off', () => {
    const now = at('2026-03-10', '12:00', 'Asia/Kolkata');
    expect(due({ now, settings: { ...ALL_ON, lunch: false } })).toEqual([]);
    expect(kinds(due({ now, settings: { ...ALL_ON, breakfast: false } }))).toEqual([
      'window-open Day1-lunch',
    ]);
    expect(due({ now, settings: { ...ALL_ON, enabled: false } })).toEqual([]);
  });
});

describe('last calls', () => {
  const zone = 'UTC';
  const lastCall = at('2026-03-10', '14:30', zone);
  const withLunch = (lunch: Omit<ReminderMeal, 'name'>) => {
    const challenge = plan('2026-03-10');
    challenge.meals.Day1 = { ...challenge.meals.Day1, lunch: { name: 'Rajma chawal', ...lunch } };
    return { timeZone: zone, challenges: [challenge], now: lastCall };
  };

  it('comes 30 minutes before an unproved meal’s window closes', () => {
    const [reminder] = due(withLunch({ status: 'Pending' }));
    expect(reminder).toMatchObject({
      kind: 'last-call',
      mealKey: 'Day1-lunch',
      dish: 'Rajma chawal',
      dueAt: lastCall,
      closesAt: at('2026-03-10', '15:00', zone),
    });
  });

  it('does not come for a proved meal, nor one under review', () => {
    expect(due(withLunch({ status: 'Done' }))).toEqual([]);
    expect(due(withLunch({ status: 'Done', review: { state: 'flagged' } }))).toEqual([]);
  });

  it('comes for a rejected proof with an attempt left, not once attempts are used up', () => {
    const rejected = { status: 'Rejected', review: { state: 'rejected' as const } };
    const proof = (attempt: number) =>
      storagePaths.mealProof('u1', '-Nq8Lw2Vb3xYz0aB1cD2', 1, 'lunch', attempt);
    expect(kinds(due(withLunch({ ...rejected, imgPath: proof(1) })))).toEqual([
      'last-call Day1-lunch',
    ]);
    expect(due(withLunch({ ...rejected, imgPath: proof(MAX_PROOF_ATTEMPTS) }))).toEqual([]);
  });

  it('does not come when the member turned last calls off', () => {
    expect(
      due({ ...withLunch({ status: 'Pending' }), settings: { ...ALL_ON, lastCall: false } }),
    ).toEqual([]);
  });
});

describe('quiet hours', () => {
  const zone = 'America/New_York';
  const input = { timeZone: zone, challenges: [plan('2026-03-10')] };

  it('hold back reminders from their start to their end, across midnight', () => {
    const settings = { ...ALL_ON, quietHours: { start: '22:00', end: '09:00' } };
    expect(due({ ...input, settings, now: at('2026-03-11', '08:00', zone) })).toEqual([]);
    expect(due({ ...input, settings, now: at('2026-03-11', '22:30', zone) })).toEqual([]);
    expect(kinds(due({ ...input, settings, now: at('2026-03-11', '09:30', zone) }))).toEqual([
      'last-call Day2-breakfast',
    ]);
    expect(kinds(due({ ...input, settings, now: at('2026-03-11', '20:00', zone) }))).toEqual([
      'window-open Day2-dinner',
    ]);
  });

  it('hold back reminders within one day; the end is not quiet', () => {
    const settings = { ...ALL_ON, quietHours: { start: '12:00', end: '14:30' } };
    expect(due({ ...input, settings, now: at('2026-03-11', '12:00', zone) })).toEqual([]);
    expect(kinds(due({ ...input, settings, now: at('2026-03-11', '14:30', zone) }))).toEqual([
      'last-call Day2-lunch',
    ]);
  });

  it('are none when start equals end, or a time is malformed', () => {
    const now = at('2026-03-11', '12:00', zone);
    expect(inQuietHours({ start: '12:00', end: '12:00' }, now, zone)).toBe(false);
    expect(inQuietHours({ start: '25:00', end: '13:00' }, now, zone)).toBe(false);
    expect(inQuietHours({ start: '11:59', end: '12:01' }, now, zone)).toBe(true);
    expect(inQuietHours(null, now, zone)).toBe(false);
  });
});

describe('the pause after 6 reminders with no proof', () => {
  const now = at('2026-03-10', '12:00', 'Asia/Kolkata');

  it('sends while fewer than 6 went unanswered, none from the 6th on', () => {
    expect(REMINDER_PAUSE_AFTER).toBe(6);
    expect(kinds(due({ now, unansweredInARow: 5 }))).toEqual(['window-open Day1-lunch']);
    expect(due({ now, unansweredInARow: 6 })).toEqual([]);
    expect(due({ now, unansweredInARow: 9 })).toEqual([]);
  });

  it('counts reminders sent after the last proof and after the member resumed', () => {
    const sent = [10, 20, 30, 40, 50, 60, 70];
    expect(unansweredReminders(sent, undefined, undefined)).toBe(7);
    expect(unansweredReminders(sent, 35, undefined)).toBe(4);
    expect(unansweredReminders(sent, 35, 65)).toBe(1);
    expect(unansweredReminders(sent, 70, undefined)).toBe(0);
  });
});
