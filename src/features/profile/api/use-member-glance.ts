import type { CalendarDate } from '@/domain/calendar-dates';
import { dbPaths } from '@/domain/database-paths';
import { useDatabaseValue } from '@/hooks/use-database';

/** users/{uid}/glance, written by the server with the score (POST /api/me/recompute); members read it. */
export interface MemberGlance {
  challengesCompleted?: number;
  mealsProved?: number;
  mealsPlanned?: number;
  /** Meals proved (0–3) on each of the last 84 days that belonged to a challenge, by member-zone date. */
  days?: Record<CalendarDate, number>;
}

/** The streak figures the server writes into users/{uid}/info with the score. */
export interface MemberStreak {
  currentStreak?: number;
  bestStreak?: number;
  streakFreezes?: number;
  /** Set when a streak of at least a day ended short: its length and the date that ended it. */
  lastStreakBreakDays?: number;
  lastStreakBreakOn?: CalendarDate;
}

/** A member's profile at a glance, live; pass `enabled: false` to read nothing yet. */
export function useMemberGlance(uid: string, enabled = true) {
  return useDatabaseValue<MemberGlance>(enabled ? dbPaths.memberGlance(uid) : null);
}
