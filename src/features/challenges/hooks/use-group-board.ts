import { useMemo, useState } from 'react';
import type { BoardRow } from '@domain/challenges/group-records';
import { useGroupMembers } from '../api/group-members';
import { boardClock, buildBoard, type Board } from '../lib/group-board';

export interface GroupBoard {
  /** The members node as read (its status: loading, ready or error). */
  members: ReturnType<typeof useGroupMembers>;
  board: Board;
}

/**
 * The board at `now`, built again only when the members node or the window boundary before `now` changes
 * (not at each tick of the page's clock), keeping unchanged rows' entries (lib/group-board.ts buildBoard).
 */
function useBoard(members: Record<string, BoardRow> | null | undefined, now: number): Board {
  const clock = useMemo(() => boardClock(members, now), [members, now]);
  const [built, setBuilt] = useState(() => ({ members, clock, board: buildBoard(members, clock) }));
  if (built.members !== members || built.clock !== clock) {
    // Adjusting state to new props during render (react.dev, "Storing information from previous renders").
    const next = { members, clock, board: buildBoard(members, clock, built.board) };
    setBuilt(next);
    return next.board;
  }
  return built.board;
}

/**
 * A group challenge's members, live, and its board built from them once for the page: the strip at the top
 * and the board below share it. Pass null to read nothing (a solo challenge).
 */
export function useGroupBoard(challengeId: string | null, now: number): GroupBoard {
  const members = useGroupMembers(challengeId);
  const board = useBoard(members.value, now);
  return useMemo(() => ({ members, board }), [members, board]);
}
