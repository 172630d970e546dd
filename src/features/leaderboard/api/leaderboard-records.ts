import { isoWeekKey, monthKey } from '../../../domain/calendar-dates';
import { readChildren, readValue } from '../../../services/database';
import { dbPaths } from '../../../services/paths';

/** leaderboard/{all|weekly/W|monthly/M}/{uid}, written by the server only (DESIGN §5). */
export interface LeaderboardEntry {
  points: number;
  displayName: string;
  photoURL?: string;
  joinAt?: number | string;
}

export interface RankedEntry extends LeaderboardEntry {
  uid: string;
  rank: number;
  /** True when the rank is only known to be at least `rank` (beyond the counting window). */
  rankIsLowerBound?: boolean;
}

/** The rules allow bounded queries only, so places are counted up to this many members ahead. */
export const RANK_COUNT_WINDOW = 100;

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The current ISO week's and month's boards, in the viewer's time zone. */
export function currentPeriodPaths(now = Date.now(), timeZone = browserTimeZone()) {
  return {
    weekly: dbPaths.leaderboardWeekly(isoWeekKey(now, timeZone)),
    monthly: dbPaths.leaderboardMonthly(monthKey(now, timeZone)),
  };
}

/** Highest points first; ties keep the database's order. */
export function rankRows(rows: Array<{ key: string; value: LeaderboardEntry }>): RankedEntry[] {
  return [...rows].reverse().map((row, index) => ({ ...row.value, uid: row.key, rank: index + 1 }));
}

/**
 * A member's place on a board: one more than the number of members with more
 * points (points are whole numbers), or null when they are not on it.
 */
export async function readOwnRank(boardPath: string, uid: string): Promise<RankedEntry | null> {
  const own = await readValue<LeaderboardEntry>(`${boardPath}/${uid}`);
  if (!own || typeof own.points !== 'number') return null;
  const ahead = await readChildren<LeaderboardEntry>(boardPath, {
    orderBy: 'points',
    startAt: [Math.floor(own.points) + 1],
    limitToFirst: RANK_COUNT_WINDOW,
  });
  return {
    ...own,
    uid,
    rank: ahead.length + 1,
    rankIsLowerBound: ahead.length >= RANK_COUNT_WINDOW,
  };
}
