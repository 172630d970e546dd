import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/lib/session';
import { LeaderboardCard } from './leaderboard-card';

/** docs/product.md#constants-and-limits: the leaderboard page shows the top 5 of each list. */
export const LEADERBOARD_PAGE_SIZE = 5;

/** leader-board: this week's, this month's and all-time top lists (docs/product.md#points-and-leaderboards). */
export function LeaderboardPage() {
  useDocumentTitle('Leader-board');
  const { user } = useSession();
  const viewerUid = user?.uid ?? null;
  return (
    <div className="container py-4">
      <h1 className="h3 mb-1">Leader-board</h1>
      <p className="text-body-secondary mb-4">
        10 points for every meal proved inside its window, 10 more for a full day, 50 for a whole
        challenge.
      </p>
      <div className="row g-4">
        <div className="col-md-6 col-xl-4">
          <LeaderboardCard
            title="Weekly Top List"
            board="weekly"
            size={LEADERBOARD_PAGE_SIZE}
            viewerUid={viewerUid}
            emptyText="No points earned this week yet."
          />
        </div>
        <div className="col-md-6 col-xl-4">
          <LeaderboardCard
            title="Monthly Top List"
            board="monthly"
            size={LEADERBOARD_PAGE_SIZE}
            viewerUid={viewerUid}
            emptyText="No points earned this month yet."
          />
        </div>
        <div className="col-md-12 col-xl-4">
          <LeaderboardCard
            title="All-time Top List"
            board="all"
            size={LEADERBOARD_PAGE_SIZE}
            viewerUid={viewerUid}
            emptyText="Nobody has earned points yet."
          />
        </div>
      </div>
    </div>
  );
}
