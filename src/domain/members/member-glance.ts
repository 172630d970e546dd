import type { CalendarDate } from '@domain/calendar-dates';
import { MEAL_SLOTS } from '@domain/constants';

// What the app reads of a member's progress; the server's rollup that writes it is
// functions/src/progress/member-rollup.ts (docs/architecture.md, "Layers").

/** How many days the profile's calendar covers: the last 12 weeks, today included. */
export const GLANCE_DAYS = 84;
/** The calendar shades a day by meals proved, 0 to this many. */
export const GLANCE_MAX_MEALS_A_DAY = MEAL_SLOTS.length;

/**
 * users/{uid}/info streak fields, written by the server with the score (docs/product.md, "Streaks").
 * lastStreakBreak* are null (absent in the database) until a streak of at least a day ended short.
 */
export interface MemberStreakFields {
  currentStreak: number;
  bestStreak: number;
  streakFreezes: number;
  lastStreakBreakDays: number | null;
  /** 'YYYY-MM-DD', the date that ended short. */
  lastStreakBreakOn: CalendarDate | null;
}

/**
 * users/{uid}/glance, written by the server with the score, read by signed-in members
 * (docs/product.md, "Profile at a glance"). The database drops an empty `days`: read it as {}.
 */
export interface MemberGlance {
  challengesCompleted: number;
  mealsProved: number;
  mealsPlanned: number;
  /** The last GLANCE_DAYS dates (member's zone) that belong to a challenge: meals proved, 0-3. */
  days: Record<CalendarDate, number>;
}
