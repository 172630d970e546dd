import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import Placeholder from 'react-bootstrap/Placeholder';
import { ErrorBoundary } from '@/components/error-boundary';
import { MemberAvatar } from '@/components/member-avatar';
import { ProfileLink } from '@/components/profile-link';
import { formatNumber } from '@/lib/format';
import type { Board, RankedEntry } from '../api/leaderboard-records';
import { useLeaderboard, useOwnRank } from '../api/use-leaderboard';

interface LeaderboardCardProps {
  title: string;
  board: Board;
  /** docs/product.md#constants-and-limits: top 5 on the leaderboard page. */
  size: number;
  /** The signed-in member, whose rank shows even outside the top list. */
  viewerUid: string | null;
  emptyText: string;
}

export function LeaderboardCard({
  title,
  board,
  size,
  viewerUid,
  emptyText,
}: LeaderboardCardProps) {
  const top = useLeaderboard(board, size);
  const ranked = top.value ?? [];
  const viewerListed = ranked.some((entry) => entry.uid === viewerUid);
  // The viewer's rank is read again whenever the list itself changes.
  const ownRank = useOwnRank(board, viewerListed ? null : viewerUid, JSON.stringify(ranked));
  const headingId = `${title.replace(/\W+/g, '-').toLowerCase()}-title`;

  return (
    <Card as="section" className="shadow-sm h-100" aria-labelledby={headingId}>
      <Card.Header className="bg-success text-white">
        <h2 id={headingId} className="h5 mb-0">
          {title}
        </h2>
      </Card.Header>
      {top.status === 'loading' && (
        <Card.Body aria-busy="true">
          <span className="visually-hidden" role="status">
            Loading {title}…
          </span>
          <Placeholder as="div" animation="glow">
            {Array.from({ length: 3 }, (_, index) => (
              <Placeholder key={index} xs={12} className="mb-2" style={{ height: 32 }} />
            ))}
          </Placeholder>
        </Card.Body>
      )}
      {top.status === 'error' && (
        <Card.Body>
          <p className="text-danger mb-0">
            This list could not be loaded. Check your connection and reload the page.
          </p>
        </Card.Body>
      )}
      {top.status === 'ready' && ranked.length === 0 && (
        <Card.Body>
          <p className="text-body-secondary mb-0">{emptyText}</p>
        </Card.Body>
      )}
      {ranked.length > 0 && (
        <ListGroup as="ol" variant="flush">
          {ranked.map((entry) => (
            // A row that cannot render (a malformed record) costs that row, not the board.
            <ErrorBoundary key={entry.uid} fallback={<UnavailableRankRow />}>
              <RankRow
                entry={entry}
                isViewer={entry.uid === viewerUid}
                linkable={viewerUid !== null}
              />
            </ErrorBoundary>
          ))}
        </ListGroup>
      )}
      {top.status === 'ready' && ownRank.status === 'ready' && ownRank.value && (
        <Card.Footer className="bg-transparent p-0">
          <p className="small text-body-secondary mb-0 px-3 pt-2">Your rank</p>
          <ListGroup as="ol" variant="flush">
            <RankRow entry={ownRank.value} isViewer linkable />
          </ListGroup>
        </Card.Footer>
      )}
      {top.status === 'ready' &&
        viewerUid &&
        !viewerListed &&
        ownRank.status === 'ready' &&
        !ownRank.value && (
          <Card.Footer className="bg-transparent small text-body-secondary">
            You are not on this list yet: prove a meal inside its window to earn points.
          </Card.Footer>
        )}
    </Card>
  );
}

/** Profiles are for signed-in members only, so visitors get plain names. */
function RankRow({
  entry,
  isViewer,
  linkable,
}: {
  entry: RankedEntry;
  isViewer: boolean;
  linkable: boolean;
}) {
  const name = entry.displayName || 'Member';
  return (
    <ListGroup.Item
      as="li"
      className={`d-flex align-items-center gap-3 ${isViewer ? 'bg-success-subtle' : ''}`}
      aria-current={isViewer ? 'true' : undefined}
    >
      <span className="fw-bold text-body-secondary" style={{ minWidth: '2.5ch' }}>
        <span className="visually-hidden">Rank </span>#{entry.rank}
        {entry.rankIsLowerBound && (
          <>
            <span aria-hidden="true">+</span>
            <span className="visually-hidden"> or lower</span>
          </>
        )}
      </span>
      <MemberAvatar name={name} photoURL={entry.photoURL} size={36} />
      {linkable ? (
        <ProfileLink
          uid={entry.uid}
          displayName={name}
          className="flex-grow-1 text-truncate link-dark"
        >
          {name}
          {isViewer && <span className="visually-hidden"> (you)</span>}
        </ProfileLink>
      ) : (
        <span className="flex-grow-1 text-truncate">{name}</span>
      )}
      <span className="fw-semibold text-nowrap">{formatNumber(entry.points)} pts</span>
    </ListGroup.Item>
  );
}

function UnavailableRankRow() {
  return (
    <ListGroup.Item as="li" className="small text-body-secondary">
      This row can’t be shown.
    </ListGroup.Item>
  );
}
