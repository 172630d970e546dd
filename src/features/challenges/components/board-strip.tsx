import type { GroupBoard } from '../hooks/use-group-board';

interface BoardStripProps {
  /** The members, live, and the board built from them: the board's own (hooks/use-group-board.ts). */
  group: GroupBoard;
  viewerUid: string;
}

/**
 * The board at a glance, near the top of a phone's page (docs/product.md, "The challenge board"): the viewer's
 * rank, the team goal, and "See board" down to the full board below the plan, from the board the page built
 * once. The strip is there from the first render, its line filled in when the
 * read lands, so the plan below it never moves.
 */
export function BoardStrip({ group: { members, board }, viewerUid }: BoardStripProps) {
  const rank = board.entries.findIndex((entry) => entry.uid === viewerUid) + 1;
  const team = Math.round(board.team * 100);
  return (
    <section
      className="board-strip d-lg-none d-flex align-items-center gap-3 rounded-3 border bg-white px-3 py-2 mb-3"
      aria-label="Board at a glance"
    >
      <p className="mb-0 small flex-grow-1">
        {members.status !== 'ready' || board.entries.length === 0 ? (
          <span className="text-body-secondary">Team goal …</span>
        ) : (
          <>
            {rank > 0 && (
              <>
                <strong>
                  You: #{rank} of {board.entries.length}
                </strong>{' '}
                ·{' '}
              </>
            )}
            Team goal {team} %
          </>
        )}
      </p>
      <a href="#challenge-board" className="btn btn-outline-success btn-sm text-nowrap">
        See board
      </a>
    </section>
  );
}
