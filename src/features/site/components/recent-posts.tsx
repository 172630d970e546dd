import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import { Link } from 'react-router-dom';
import { formatDate } from '@/lib/format';
import { challengePath } from '@/lib/app-addresses';
import { useRecentPosts } from '../api/use-recent-posts';

export const RECENT_POST_COUNT = 5;

/** Sidebar 'Recent Post': the newest entries of the public feed index. */
export function RecentPosts() {
  const latest = useRecentPosts(RECENT_POST_COUNT);
  const posts = latest.status === 'ready' ? latest.value : [];

  return (
    <Card as="section" className="shadow-sm" aria-labelledby="recent-post-title">
      <Card.Header>
        <h2 id="recent-post-title" className="h6 mb-0">
          Recent Post
        </h2>
      </Card.Header>
      {latest.status === 'loading' && (
        <Card.Body className="small text-body-secondary">Loading posts…</Card.Body>
      )}
      {latest.status === 'error' && (
        <Card.Body className="small text-danger">
          Recent posts could not be loaded. Check your connection and reload the page.
        </Card.Body>
      )}
      {latest.status === 'ready' && posts.length === 0 && (
        <Card.Body className="small text-body-secondary">No challenges yet.</Card.Body>
      )}
      {posts.length > 0 && (
        <ListGroup variant="flush" as="ul">
          {posts.map(({ key, value }) => (
            <ListGroup.Item as="li" key={key}>
              <Link
                to={challengePath(value.uid, key, value.title)}
                className="fw-semibold link-dark d-block text-truncate"
              >
                {value.title}
              </Link>
              <span className="small text-body-secondary">
                {value.displayName} · {value.day} {value.day === 1 ? 'day' : 'days'}
                {typeof value.createdAt === 'number' && <> · {formatDate(value.createdAt)}</>}
              </span>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </Card>
  );
}
