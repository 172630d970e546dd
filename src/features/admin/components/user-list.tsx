import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { useNavigate } from 'react-router-dom';
import { joinAtText } from '@/domain/member-identity';
import { MemberAvatar } from '@/components/member-avatar';
import { profilePath, rememberViewedProfile } from '@/lib/profile-route';
import { readUserPage, type AdminUserRow } from '../api/admin-records';
import { useNewestPages } from '../hooks/use-newest-pages';
import { PageControls } from './page-controls';
import { ScrollBox } from './scroll-box';

/** The 'User List' (users ordered by info/createdAt, newest first, a page at a time), each with an edit action. */
export function UserList() {
  const navigate = useNavigate();
  // Read errors are logged; the box also says so.
  const pages = useNewestPages(readUserPage, 'No users found');
  const { state } = pages;
  const users = state.status === 'ready' ? state.page.rows.map((row) => row.value) : [];

  const edit = (user: AdminUserRow, name: string) => {
    console.info('Admin chose user', user.uid);
    rememberViewedProfile(user.uid);
    navigate(profilePath(name, user.uid));
  };

  return (
    <section className="mb-4">
      <h2 id="user-list-title" className="h5">
        User List
      </h2>
      <ScrollBox labelledBy="user-list-title">
        {state.status === 'loading' && (
          <p className="p-3 mb-0 text-body-secondary">Loading users…</p>
        )}
        {state.status === 'error' && (
          <p className="p-3 mb-0 text-danger">The user list could not be loaded.</p>
        )}
        {state.status === 'ready' && users.length === 0 && (
          <p className="p-3 mb-0">No users yet.</p>
        )}
        {state.status === 'ready' && users.length > 0 && (
          <ListGroup variant="flush" as="ul">
            {users.map((user) => {
              const name = user.info?.displayName || user.uid;
              return (
                <ListGroup.Item as="li" key={user.uid} className="d-flex align-items-center gap-2">
                  <MemberAvatar name={name} photoURL={user.info?.photoURL} size={32} />
                  <div className="flex-grow-1" style={{ minWidth: 0 }}>
                    <div className="fw-semibold text-truncate">{name}</div>
                    <div className="small text-body-secondary text-truncate">
                      {user.email ?? 'no email'} · joined{' '}
                      {joinAtText(user.info?.joinAt) ?? 'unknown'} · score {user.info?.score ?? 0}
                    </div>
                  </div>
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    onClick={() => edit(user, name)}
                    aria-label={`Edit ${name}`}
                  >
                    Edit
                  </Button>
                </ListGroup.Item>
              );
            })}
          </ListGroup>
        )}
      </ScrollBox>
      <PageControls
        subject="users"
        pageNumber={pages.pageNumber}
        hasPrevious={pages.hasPrevious}
        hasNext={pages.hasNext}
        onPrevious={pages.previous}
        onNext={pages.next}
      />
    </section>
  );
}
