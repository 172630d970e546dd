import { isoWeekKeyOf, monthKeyOf } from '@domain/calendar-dates';
import { competitionRank, withCompetitionRanks } from '@domain/members/competition-ranking';
import { readChildren, readValue } from '@/services/database';
import { dbPaths } from '@domain/data/database-paths';

/** leaderboard/{all|weekly/W|monthly/M}/{uid}, written by the server only (docs/product.md#points-and-leaderboards). */
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

/** The three boards: the current ISO week's, the current month's and all time. */
export type Board = 'weekly' | 'monthly' | 'all';

/**
 * Where `board` lives now; the week and month are the viewer's: the device's own calendar, read from a plain
 * Date. Naming the device's zone for Intl would set up ICU in one long task on every page's sidebar
 * (docs/performance.md, "How the main thread is spent").
 */
export function boardPath(board: Board, now = Date.now()): string {
  if (board === 'weekly') return dbPaths.leaderboardWeekly(isoWeekKeyOf(new Date(now)));
  if (board === 'monthly') return dbPaths.leaderboardMonthly(monthKeyOf(new Date(now)));
  return dbPaths.leaderboardAll;
}

/**
 * Highest points first (the query returns them lowest first); tied members share a rank. A row
 * without points (a malformed record) is left out rather than ranked.
 */
export function rankRows(rows: Array<{ key: string; value: LeaderboardEntry }>): RankedEntry[] {
  const scored = rows.filter((row) => typeof row.value?.points === 'number');
  return withCompetitionRanks(scored.reverse(), (row) => row.value.points).map(
    ({ item, rank }) => ({ ...item.value, uid: item.key, rank }),
  );
}

/**
 * A member's place on a board, ranked as the lists rank (tied members share a place): one more
 * than the number of members with more points (points are whole numbers), or null when they are
 * not on it.
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
    rank: competitionRank(
      own.points,
      ahead.map((row) => row.value.points),
    ),
    rankIsLowerBound: ahead.length >= RANK_COUNT_WINDOW,
  };
}
