import { useAsync, type Loadable, useRead } from '@/hooks/use-loadable';
import { childrenRead } from '@domain/data/read-descriptor';
import {
  boardPath,
  rankRows,
  readOwnRank,
  type Board,
  type LeaderboardEntry,
  type RankedEntry,
} from './leaderboard-records';

/** The top `size` members of `board`, highest points first, live. */
export function useLeaderboard(board: Board, size: number): Loadable<RankedEntry[]> {
  const top = useRead(
    childrenRead<LeaderboardEntry>(
      boardPath(board),
      { orderBy: 'points', limitToLast: size },
      { who: 'public' },
    ),
  );
  return top.status === 'ready' ? { status: 'ready', value: rankRows(top.value) } : top;
}

/**
 * A member's place on `board` (null when not on it, or when `uid` is null);
 * read again whenever `version` changes (the board moved).
 */
export function useOwnRank(
  board: Board,
  uid: string | null,
  version: unknown,
): Loadable<RankedEntry | null> {
  const path = boardPath(board);
  const rank = useAsync(uid ? `${path}/${uid}` : null, () => readOwnRank(path, uid!), version);
  return uid ? rank : { status: 'ready', value: null };
}
