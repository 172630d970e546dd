import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { useNavigate } from 'react-router-dom';
import { MemberAvatar } from '@/components/member-avatar';
import { profilePath, rememberViewedProfile } from '@/lib/profile-route';
import { readUserList, type AdminUserRow } from '../api/admin-records';
import { ScrollBox } from './scroll-box';

type UsersState =
  { status: 'loading' } | { status: 'ready'; users: AdminUserRow[] } | { status: 'error' };

/** The product's 'User List' (users ordered by info/createdAt, newest first), each with an edit action. */
export function UserList() {
  const navigate = useNavigate();
  const [state, setState] = useState<UsersState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    readUserList().then(
      (users) => current && setState({ status: 'ready', users }),
      (error: unknown) => {
        // docs/product.md#messages: admin read errors are logged; the box also says so.
        console.error('No users found', error);
        if (current) setState({ status: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, []);

  const edit = (user: AdminUserRow, name: string) => {
    console.info('Admin chose user', user.uid);
    rememberViewedProfile(user.uid);
    navigate(profilePath(name));
  };

  return (
    <section className="mb-4">
      <h2 id="user-list-title" className="h5">
        User List{' '}
        {state.status === 'ready' && (
          <span className="badge text-bg-secondary">{state.users.length}</span>
        )}
      </h2>
      <ScrollBox labelledBy="user-list-title">
        {state.status === 'loading' && (
          <p className="p-3 mb-0 text-body-secondary">Loading users…</p>
        )}
        {state.status === 'error' && (
          <p className="p-3 mb-0 text-danger">The user list could not be loaded.</p>
        )}
        {state.status === 'ready' && state.users.length === 0 && (
          <p className="p-3 mb-0">No users yet.</p>
        )}
        {state.status === 'ready' && state.users.length > 0 && (
          <ListGroup variant="flush" as="ul">
            {state.users.map((user) => {
              const name = user.info?.displayName || user.uid;
              return (
                <ListGroup.Item as="li" key={user.uid} className="d-flex align-items-center gap-2">
                  <MemberAvatar name={name} photoURL={user.info?.photoURL} size={32} />
                  <div className="flex-grow-1" style={{ minWidth: 0 }}>
                    <div className="fw-semibold text-truncate">{name}</div>
                    <div className="small text-body-secondary text-truncate">
                      {user.email ?? 'no email'} · joined {user.info?.joinAt ?? 'unknown'} · score{' '}
                      {user.info?.score ?? 0}
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
    </section>
  );
}
