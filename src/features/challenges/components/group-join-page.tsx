import { useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { MemberAvatar } from '@/components/member-avatar';
import { DATABASE_KEY } from '@domain/data/database-paths';
import { INCOMPLETE_PROFILE_MESSAGE } from '@domain/constants';
import { INVITE_TOKEN } from '@domain/challenges/group-records';
import { useAsync } from '@/hooks/use-loadable';
import { useBusy } from '@/hooks/use-busy';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { challengePath, profilePath, rememberViewedProfile } from '@/lib/app-addresses';
import { formatCalendarDate } from '@/lib/format';
import { addressOf, signInAddress } from '@/lib/return-address';
import { useSession, useSignedInUser } from '@/lib/session';
import { ApiError } from '@/services/api-client';
import { hasCompleteProfile } from '../api/create-challenge';
import { joinChallenge, readInvitation, type Invitation } from '../api/group-challenge-api';
import { readInvitationPreview, type InvitationPreview } from '../api/invitation-preview';
import './challenges.css';

const NOT_FOUND = 'Invite not found';

/** What to do after each refusal the server can give (its message says why). */
function nextStep(status: number): string {
  if (status === 403) return 'Ask the owner for a new invite link.';
  if (status === 409) return 'Open the feed to find or create another challenge.';
  return 'Reload the page to try again.';
}

/** The profile feature's editor, given by the app (features do not import each other). */
export type ProfileEditor = (props: { uid: string; onHide: () => void }) => ReactNode;

/**
 * Route /join/:challengeId/:token? (docs/product.md, "Group challenges"): the invite's preview and "Join
 * challenge". Joining plans the member's own copy on the server; the challenge's address then shows it.
 * A member whose profile is incomplete completes it in `profileEditor` over the invite, so they stay on it.
 * A visitor sees the same card with "Create account to join" and "I have an account", which bring them back
 * here once signed in (docs/product.md, "First run").
 */
export function GroupJoinPage({ profileEditor }: { profileEditor?: ProfileEditor }) {
  const { challengeId = '', token } = useParams();
  const { user } = useSession();
  const valid = DATABASE_KEY.test(challengeId) && (token === undefined || INVITE_TOKEN.test(token));
  const invitation = useAsync<InvitationPreview | Invitation | null>(
    valid && user !== undefined ? `${challengeId}/${token ?? ''}/${user?.uid ?? ''}` : null,
    async () => {
      if (!user) return readInvitationPreview(challengeId, token);
      try {
        return await readInvitation(challengeId, token);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  );
  const found = invitation.status === 'ready' ? invitation.value : null;
  useDocumentTitle(
    !valid
      ? NOT_FOUND
      : invitation.status === 'loading'
        ? null
        : found
          ? `Join ${found.title}`
          : NOT_FOUND,
  );

  let content;
  if (!valid || (invitation.status === 'ready' && !found)) {
    content = (
      <Alert variant="info">
        <h1 className="h5">{NOT_FOUND}</h1>
        <p className="mb-2">
          This invite does not name a challenge that exists. Ask the owner for its link.
        </p>
        <Link to={user ? '/feed' : '/'}>Choose a challenge from the feed</Link>
      </Alert>
    );
  } else if (invitation.status === 'loading') {
    content = (
      <div role="status" className="d-flex align-items-center gap-2 py-5 justify-content-center">
        <Spinner animation="border" size="sm" aria-hidden="true" /> Loading the invite…
      </div>
    );
  } else if (invitation.status === 'error') {
    const status = invitation.error instanceof ApiError ? invitation.error.status : 0;
    content = (
      <Alert variant="danger">
        <h1 className="h5">This invite cannot be opened</h1>
        <p className="mb-2">
          {status >= 400 && status < 500
            ? invitation.error.message
            : 'The invite could not be loaded. Check your connection and reload the page.'}
        </p>
        <p className="mb-0">{nextStep(status)}</p>
      </Alert>
    );
  } else if (found && !user) {
    content = <VisitorInvitationCard invitation={found} />;
  } else if (found) {
    content = (
      <InvitationCard
        challengeId={challengeId}
        token={token}
        // A member's read is always the API's whole invitation (readInvitation above).
        invitation={found as Invitation}
        profileEditor={profileEditor}
      />
    );
  }
  return <div className="container py-4 challenge-page join-page">{content}</div>;
}

/** The invite's title and who sent it, as both cards show them. */
function InvitationHeading({
  invitation,
  linked,
}: {
  invitation: InvitationPreview;
  linked: boolean;
}) {
  const owner = invitation.owner;
  const ownerName = owner.displayName || 'Member';
  return (
    <>
      <p className="text-body-secondary small mb-1">You are invited to a group challenge</p>
      <h1 id="join-title" className="h3">
        {invitation.title}
      </h1>
      <div className="d-flex align-items-center gap-2 mb-3">
        <MemberAvatar name={ownerName} photoURL={owner.photoURL} size={40} />
        <span>
          by{' '}
          {linked && owner.uid ? (
            <Link className="fw-semibold" to={profilePath(ownerName, owner.uid)}>
              {ownerName}
            </Link>
          ) : (
            <span className="fw-semibold">{ownerName}</span>
          )}
        </span>
      </div>
    </>
  );
}

/** A visitor's invite: what they would join, and the ways to an account that come back here. */
function VisitorInvitationCard({ invitation }: { invitation: InvitationPreview }) {
  const here = addressOf(useLocation());
  return (
    <Card as="article" className="shadow-sm" aria-labelledby="join-title">
      <Card.Body>
        {/* Profiles are for members: the inviter's name is not a link yet. */}
        <InvitationHeading invitation={invitation} linked={false} />
        <InvitationFacts invitation={invitation} />
        <p className="small text-body-secondary">
          ChallangeX plans your meals for the challenge&apos;s days, sized to your body and goal;
          you prove each meal with a photo and earn points. Create an account (or log in) to join:
          you come straight back to this invite.
        </p>
        <div className="d-flex flex-wrap align-items-center gap-3">
          <Link className="btn btn-success" to={signInAddress('/register', here)}>
            Create account to join
          </Link>
          <Link to={signInAddress('/login', here)}>I have an account</Link>
        </div>
      </Card.Body>
    </Card>
  );
}

interface InvitationCardProps {
  challengeId: string;
  token: string | undefined;
  invitation: Invitation;
  profileEditor?: ProfileEditor;
}

function InvitationCard({ challengeId, token, invitation, profileEditor }: InvitationCardProps) {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const location = useLocation();
  const { whileBusy } = useBusy();
  const [refused, setRefused] = useState<{ message: string; status: number } | null>(null);
  const [incomplete, setIncomplete] = useState(false);
  const [editing, setEditing] = useState(false);
  const address = challengePath(invitation.owner.uid, challengeId, invitation.title);
  const blocked = !invitation.joinable;

  const join = async () => {
    setRefused(null);
    try {
      if (!(await whileBusy(hasCompleteProfile(user.uid)))) {
        setIncomplete(true);
        return;
      }
      const joined = await whileBusy(joinChallenge(challengeId, token));
      navigate(challengePath(joined.ownerId, joined.challengeId, invitation.title));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'profile-incomplete') {
        setIncomplete(true);
      } else if (error instanceof ApiError && error.status < 500) {
        setRefused({ message: error.message, status: error.status });
      } else {
        setRefused({ message: 'Joining failed.', status: 0 });
      }
    }
  };

  const completeProfile = () => {
    if (profileEditor) {
      setEditing(true);
      return;
    }
    rememberViewedProfile(user.uid);
    // The profile page opens its editor and, once saved, returns to this invite (returnTo).
    navigate(profilePath(user.displayName ?? user.uid, user.uid), {
      state: { editProfile: true, returnTo: addressOf(location) },
    });
  };

  return (
    <Card as="article" className="shadow-sm" aria-labelledby="join-title">
      <Card.Body>
        <InvitationHeading invitation={invitation} linked />
        <InvitationFacts invitation={invitation} />
        <p className="small text-body-secondary">
          Joining makes your own plan for these days, sized to your body and goal, with meal windows
          in your time zone. It counts towards your 2 active challenges.
        </p>
        {incomplete && (
          <Alert variant="info">
            <p className="mb-2">{INCOMPLETE_PROFILE_MESSAGE}</p>
            <Button variant="outline-primary" size="sm" onClick={completeProfile}>
              Complete your profile
            </Button>
          </Alert>
        )}
        {editing &&
          profileEditor?.({
            uid: user.uid,
            onHide: () => {
              setEditing(false);
              setIncomplete(false);
            },
          })}
        {refused && (
          <Alert variant="danger" role="alert">
            <p className="mb-1">{refused.message}</p>
            <p className="mb-0">{nextStep(refused.status)}</p>
          </Alert>
        )}
        {blocked && !invitation.joined && invitation.refusal && !refused && (
          <Alert variant="warning">
            <p className="mb-1">{invitation.refusal}</p>
            <p className="mb-0">
              Ask the owner for a new invite link, or find another challenge on the feed.
            </p>
          </Alert>
        )}
        {invitation.joined ? (
          <Link className="btn btn-success" to={address}>
            Open Challenge
          </Link>
        ) : (
          <Button variant="success" disabled={blocked} onClick={() => void join()}>
            Join challenge
          </Button>
        )}
      </Card.Body>
    </Card>
  );
}

/** Days, start date, preference, body goal and the members so far (names and avatars only). */
function InvitationFacts({ invitation }: { invitation: InvitationPreview }) {
  return (
    <>
      <dl className="row mb-3">
        <dt className="col-5 col-sm-3">Days</dt>
        <dd className="col-7 col-sm-9">{invitation.day}</dd>
        {invitation.startDate && (
          <>
            <dt className="col-5 col-sm-3">Start date</dt>
            <dd className="col-7 col-sm-9">{formatCalendarDate(invitation.startDate)}</dd>
          </>
        )}
        <dt className="col-5 col-sm-3">Preference</dt>
        <dd className="col-7 col-sm-9">
          <Badge bg="success">{String(invitation.preference ?? '').toUpperCase()}</Badge>
        </dd>
        <dt className="col-5 col-sm-3">Body goal</dt>
        <dd className="col-7 col-sm-9">{invitation.targetBody}</dd>
      </dl>
      <h2 className="h6">
        {invitation.memberCount === 1 ? '1 member' : `${invitation.memberCount} members`} so far
      </h2>
      <ul className="list-unstyled d-flex flex-wrap gap-3 mb-3">
        {invitation.members.map((member, index) => (
          <li key={member.uid ?? index} className="d-flex align-items-center gap-2">
            <MemberAvatar
              name={member.displayName || 'Member'}
              photoURL={member.photoURL}
              size={32}
            />
            <span>{member.displayName || 'Member'}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
