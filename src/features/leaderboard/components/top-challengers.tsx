import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import Placeholder from 'react-bootstrap/Placeholder';
import { Link } from 'react-router-dom';
import { MemberAvatar } from '@/components/member-avatar';
import { ProfileLink } from '@/components/profile-link';
import { formatJoinDate, formatNumber } from '@/lib/format';
import { useLeaderboard } from '../api/use-leaderboard';

/** docs/product.md#constants-and-limits: the sidebar shows the top 3. */
export const TOP_CHALLENGERS_SIZE = 3;

/** Sidebar widget: the three members with the most points of all time. */
export function TopChallengers({ signedIn }: { signedIn: boolean }) {
  const top = useLeaderboard('all', TOP_CHALLENGERS_SIZE);
  const ranked = top.value ?? [];

  return (
    <Card as="section" className="shadow-sm" aria-labelledby="top-challengers-title">
      <Card.Header className="d-flex justify-content-between align-items-center">
        <h2 id="top-challengers-title" className="h6 mb-0">
          Top Challengers
        </h2>
        <Link to="/leader-board" className="small">
          Leader-board
        </Link>
      </Card.Header>
      {top.status === 'loading' && (
        <Card.Body aria-busy="true">
          <Placeholder as="div" animation="glow" aria-hidden="true">
            <Placeholder xs={12} className="mb-2" />
            <Placeholder xs={10} />
          </Placeholder>
        </Card.Body>
      )}
      {top.status === 'error' && (
        <Card.Body className="small text-danger">
          Top Challengers could not be loaded. Check your connection and reload the page.
        </Card.Body>
      )}
      {top.status === 'ready' && ranked.length === 0 && (
        <Card.Body className="small text-body-secondary">
          No scores yet: be the first to prove a meal.
        </Card.Body>
      )}
      {ranked.length > 0 && (
        <ListGroup as="ol" variant="flush">
          {ranked.map((entry) => {
            const name = entry.displayName || 'Member';
            const joined = formatJoinDate(entry.joinAt);
            return (
              <ListGroup.Item as="li" key={entry.uid} className="d-flex align-items-center gap-2">
                <MemberAvatar name={name} photoURL={entry.photoURL} size={40} />
                <div className="flex-grow-1" style={{ minWidth: 0 }}>
                  {signedIn ? (
                    <ProfileLink
                      uid={entry.uid}
                      displayName={name}
                      className="fw-semibold d-block text-truncate link-dark"
                    />
                  ) : (
                    <span className="fw-semibold d-block text-truncate">{name}</span>
                  )}
                  <span className="small text-body-secondary">
                    Total Score: {formatNumber(entry.points)}
                    {joined && <> · Join At: {joined}</>}
                  </span>
                </div>
              </ListGroup.Item>
            );
          })}
        </ListGroup>
      )}
    </Card>
  );
}
