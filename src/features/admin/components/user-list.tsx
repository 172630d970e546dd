import { useState, type FormEvent } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import ListGroup from 'react-bootstrap/ListGroup';
import { useNavigate } from 'react-router-dom';
import type { AdminMemberRow } from '@domain/site/moderation-records';
import { MemberAvatar } from '@/components/member-avatar';
import { profilePath, rememberViewedProfile } from '@/lib/app-addresses';
import { formatDate, formatNumber } from '@/lib/format';
import { disableMember, enableMember, useMemberPage } from '../api/moderation';
import { useAdminAction } from '../hooks/use-admin-action';
import { askModerationReason } from '../lib/ask-reason';
import { PageControls } from './page-controls';
import { ScrollBox } from './scroll-box';

interface UserListProps {
  /** The signed-in admin, who cannot disable themself. */
  adminUid: string;
  refresh: unknown;
  onChanged: () => void;
}

const nameOf = (member: AdminMemberRow) => member.displayName || member.email || member.uid;

/**
 * The 'User List': members newest first a page at a time (from Auth, through the admin API), a
 * search by name or email, and per member their profile and disable/enable.
 */
export function UserList({ adminUid, refresh, onChanged }: UserListProps) {
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const state = useMemberPage(query, page, refresh);
  const run = useAdminAction(onChanged);
  const result = state.status === 'ready' ? state.value : null;

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery(typed.trim());
    setPage(1);
  };
  const openProfile = (member: AdminMemberRow) => {
    rememberViewedProfile(member.uid);
    navigate(profilePath(nameOf(member), member.uid));
  };
  const disable = async (member: AdminMemberRow) => {
    const reason = await askModerationReason({
      title: `Disable ${nameOf(member)}?`,
      text: 'They are signed out, cannot sign in or use the API, and their challenges and leaderboard rows are hidden until you enable them.',
      confirmButtonText: 'Disable',
    });
    if (reason === null) return;
    await run(() => disableMember(member.uid, reason), `${nameOf(member)} is disabled`);
  };
  const enable = (member: AdminMemberRow) =>
    run(() => enableMember(member.uid), `${nameOf(member)} is enabled again`);

  return (
    <section className="mb-4">
      <h2 id="user-list-title" className="h5">
        User List
      </h2>
      <Form role="search" className="mb-2" onSubmit={search}>
        <InputGroup size="sm">
          <Form.Control
            type="search"
            aria-label="Search members by name or email"
            placeholder="Name or email"
            maxLength={100}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          {/* Not outline-secondary: its grey on the page's grey background fails contrast (axe, e2e). */}
          <Button type="submit" variant="outline-dark">
            Search
          </Button>
        </InputGroup>
      </Form>
      <ScrollBox labelledBy="user-list-title">
        {state.status === 'loading' && (
          <p className="p-3 mb-0 text-body-secondary">Loading users…</p>
        )}
        {state.status === 'error' && (
          <p className="p-3 mb-0 text-danger">
            The user list could not be loaded: {state.error.message}
          </p>
        )}
        {result && result.members.length === 0 && (
          <p className="p-3 mb-0">{query ? `No member matches “${query}”.` : 'No users yet.'}</p>
        )}
        {result && result.members.length > 0 && (
          <ListGroup variant="flush" as="ul">
            {result.members.map((member) => (
              <MemberRow
                key={member.uid}
                member={member}
                name={nameOf(member)}
                canModerate={member.uid !== adminUid}
                onEdit={() => openProfile(member)}
                onDisable={() => void disable(member)}
                onEnable={() => void enable(member)}
              />
            ))}
          </ListGroup>
        )}
      </ScrollBox>
      {result && (
        <p className="small text-body-secondary mt-1 mb-0" aria-live="polite">
          {formatNumber(result.total)} {result.total === 1 ? 'member' : 'members'}
          {query && ` matching “${query}”`}
          {result.truncated && ' (only the first accounts were searched: narrow the search)'}
        </p>
      )}
      <PageControls
        subject="users"
        pageNumber={page}
        pageCount={result?.pageCount}
        hasPrevious={page > 1}
        hasNext={result !== null && page < result.pageCount}
        onPrevious={() => setPage((current) => Math.max(1, current - 1))}
        onNext={() => setPage((current) => current + 1)}
      />
    </section>
  );
}

interface MemberRowProps {
  member: AdminMemberRow;
  name: string;
  /** False for the admin's own row: nobody disables themself. */
  canModerate: boolean;
  onEdit: () => void;
  onDisable: () => void;
  onEnable: () => void;
}

function MemberRow({ member, name, canModerate, onEdit, onDisable, onEnable }: MemberRowProps) {
  return (
    // Wraps, never clips: on a phone the actions take a line of their own below the name and email.
    <ListGroup.Item as="li" className="d-flex flex-wrap align-items-center gap-2">
      <MemberAvatar name={name} photoURL={member.photoURL} size={32} />
      <div className="flex-grow-1" style={{ minWidth: 0, flexBasis: '12rem' }}>
        <div className="fw-semibold text-break">
          {name}
          {member.admin && (
            <Badge bg="primary" className="ms-1">
              admin
            </Badge>
          )}
          {member.disabled && (
            <Badge bg="danger" className="ms-1">
              disabled
            </Badge>
          )}
        </div>
        <div className="small text-body-secondary text-break">
          {member.email || 'no email'} · joined{' '}
          {member.createdAt ? formatDate(member.createdAt) : 'unknown'}
        </div>
      </div>
      <div className="d-flex flex-wrap justify-content-end gap-1 ms-auto">
        <Button size="sm" variant="outline-secondary" onClick={onEdit} aria-label={`Edit ${name}`}>
          Edit
        </Button>
        {canModerate &&
          (member.disabled ? (
            <Button
              size="sm"
              variant="outline-success"
              onClick={onEnable}
              aria-label={`Enable ${name}`}
            >
              Enable
            </Button>
          ) : (
            <Button
              size="sm"
              variant="outline-danger"
              onClick={onDisable}
              aria-label={`Disable ${name}`}
            >
              Disable
            </Button>
          ))}
      </div>
    </ListGroup.Item>
  );
}
