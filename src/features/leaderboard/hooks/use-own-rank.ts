import { useEffect, useState } from 'react';
import { readOwnRank, type RankedEntry } from '../api/leaderboard-records';

export type OwnRankState =
  { status: 'loading' } | { status: 'ready'; entry: RankedEntry | null } | { status: 'error' };

/** The signed-in member's rank on a board; refreshes whenever `version` changes (the board moved). */
export function useOwnRank(boardPath: string, uid: string | null, version: unknown): OwnRankState {
  const key = uid ? `${boardPath}/${uid}` : null;
  const [state, setState] = useState<{ key: string | null; rank: OwnRankState }>({
    key,
    rank: { status: 'loading' },
  });
  useEffect(() => {
    if (!uid) return;
    let current = true;
    readOwnRank(boardPath, uid).then(
      (entry) =>
        current && setState({ key: `${boardPath}/${uid}`, rank: { status: 'ready', entry } }),
      () => current && setState({ key: `${boardPath}/${uid}`, rank: { status: 'error' } }),
    );
    return () => {
      current = false;
    };
  }, [boardPath, uid, version]);
  if (!uid) return { status: 'ready', entry: null };
  return state.key === key ? state.rank : { status: 'loading' };
}
