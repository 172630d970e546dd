import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSignedInUser } from '@/lib/session';
import { profilePath, type ProfileRouteState } from '@/lib/app-addresses';
import { formatJoinDate, formatNumber } from '@/lib/format';
import type { MemberInfo } from '@domain/members/member-records';
import type { MemberStreak } from '../api/use-member-glance';
import { useMemberProfile } from '../api/use-member-profile';
import { streakDaysText } from '../lib/streak-text';
import { useMembersNamed } from '../hooks/use-members-named';
import type { NamedMember } from '../lib/members-named';
import { AvatarUploader } from './avatar-uploader';
import { MemberAvatar } from '@/components/member-avatar';
import { MemberSocialLinks } from './member-social-links';
import { MyChallengesSection } from './my-challenges-section';

const EditProfileModal = lazy(async () => ({
  default: (await import('./edit-profile-modal')).EditProfileModal,
}));

const ProfileGlance = lazy(async () => ({
  default: (await import('./profile-glance')).ProfileGlance,
}));

const WeightLogPanel = lazy(async () => ({
  default: (await import('./weight-log-panel')).WeightLogPanel,
}));

const NOT_FOUND_TITLE = 'Member not found';

/**
 * profile/:profileName/:uid (docs/product.md#routes-and-screens): a member's public profile; body
 * stats and email only for its owner. The uid identifies the member, the name is a readable slug.
 */
export function ProfilePage({ ownSettings }: { ownSettings?: ReactNode }) {
  const { profileName = '', uid } = useParams();
  if (uid) return <ProfileView key={uid} uid={uid} slug={profileName} ownSettings={ownSettings} />;
  return <ProfileByName name={profileName} />;
}

/**
 * SPEC's address without a uid, profile/{displayName}: moves to the member's full address when one member goes
 * by that name, lists them when several do (docs/product.md, "Profile addresses").
 */
function ProfileByName({ name }: { name: string }) {
  const found = useMembersNamed(name);
  const location = useLocation();
  const members = found.value ?? [];
  useDocumentTitle(
    found.status !== 'ready'
      ? null
      : members.length === 0
        ? NOT_FOUND_TITLE
        : `Members called ${name}`,
  );

  if (found.status === 'loading') return <ProfileSkeleton />;
  if (found.status === 'error') return <ProfileLoadError />;
  if (members.length === 0) return <MemberNotFound name={name} />;
  if (members.length === 1) {
    const [member] = members as [NamedMember];
    return (
      <Navigate to={profilePath(member.displayName, member.uid)} state={location.state} replace />
    );
  }
  return <Namesakes name={name} members={members} />;
}

function Namesakes({ name, members }: { name: string; members: NamedMember[] }) {
  return (
    <section className="card shadow-sm" aria-labelledby="namesakes-heading">
      <div className="card-body p-4">
        <h1 id="namesakes-heading" className="h4">
          Members called “{name}”
        </h1>
        <p className="text-body-secondary">
          {members.length} members go by this name. Choose the one you mean.
        </p>
        <ul className="list-group">
          {members.map((member) => (
            <li key={member.uid} className="list-group-item d-flex align-items-center gap-3">
              <MemberAvatar name={member.displayName} photoURL={member.photoURL} />
              <div>
                <Link to={profilePath(member.displayName, member.uid)}>{member.displayName}</Link>
                {member.detail && <div className="small text-body-secondary">{member.detail}</div>}
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function ProfileLoadError() {
  return (
    <div role="alert" className="alert alert-danger">
      We could not load this profile. Check your connection and reload the page.
    </div>
  );
}

function MemberNotFound({ name }: { name: string }) {
  return (
    <div role="alert" className="alert alert-warning">
      <h1 className="h5">No member called “{name}” here</h1>
      <p className="mb-0">
        The link may be incomplete or the member may have left. Open their name on a challenge card
        or the leader-board to reach their profile. <Link to="/">Back to the feed</Link>
      </p>
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <div className="card shadow-sm" aria-busy="true">
      <div className="card-body">
        <span className="visually-hidden" role="status">
          Loading profile…
        </span>
        <div className="placeholder-glow">
          <span className="placeholder col-3 rounded-circle" style={{ height: 96 }} />{' '}
          <span className="placeholder col-6 placeholder-lg" />
          <span className="placeholder col-8" /> <span className="placeholder col-5" />
        </div>
      </div>
    </div>
  );
}

/**
 * Opens Edit profile when the create-challenge check sent the owner here (location state), once:
 * the state is cleared at once, so reloading the page does not open it again.
 */
function useEditOnArrival(isOwner: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  const requested = isOwner && (location.state as ProfileRouteState | null)?.editProfile === true;
  const [editing, setEditing] = useState(requested);
  useEffect(() => {
    if (requested) void navigate(location, { replace: true, state: null });
  }, [requested, location, navigate]);
  return [editing, setEditing] as const;
}

/** A member who has made no challenge yet is welcomed, not welcomed back (docs/product.md, "First run"). */
function ownerGreeting(name: string, member: Pick<MemberInfo, 'totalChallenges'>): string {
  return member.totalChallenges
    ? `Welcome back, ${name}! Keep your profile complete to create challenges.`
    : `Welcome to ChallangeX, ${name}! Start a Challenge to get your first meal plan.`;
}

/** `ownSettings`: other features' settings (meal reminders), shown on the member's own profile only. */
function ProfileView({
  uid,
  slug,
  ownSettings,
}: {
  uid: string;
  slug: string;
  ownSettings?: ReactNode;
}) {
  const user = useSignedInUser();
  const isOwner = user.uid === uid;
  const [editing, setEditing] = useEditOnArrival(isOwner);
  // The glance and the weight log (their chunks and reads) start once the profile is on screen.
  const { info, social, body, shown } = useMemberProfile(uid, { withPrivate: isOwner });
  const member = info.value as (typeof info.value & MemberStreak) | null | undefined;
  const name = member?.displayName || 'Member';
  useDocumentTitle(info.status === 'loading' ? null : member ? name : NOT_FOUND_TITLE);

  if (info.status === 'loading') return <ProfileSkeleton />;
  if (info.status === 'error') return <ProfileLoadError />;
  if (!member) return <MemberNotFound name={slug} />;
  // A renamed member: an address with the old name shows the new one (the uid decides who it is).
  if (member.displayName && member.displayName !== slug)
    return <Navigate to={profilePath(member.displayName, uid)} replace />;
  const email = isOwner ? (body.value?.email ?? user.email) : null;
  const joined = formatJoinDate(member.joinAt);

  return (
    <>
      <article className="card shadow-sm" aria-labelledby="profile-name">
        <div className="card-body p-4">
          <div className="d-flex flex-column flex-sm-row gap-4 align-items-center align-items-sm-start">
            <div className="text-center">
              <MemberAvatar name={name} photoURL={member.photoURL} size={112} decorative={false} />
              {isOwner && <AvatarUploader uid={uid} />}
            </div>
            <div className="flex-grow-1 text-center text-sm-start">
              <h1 id="profile-name" className="h3 mb-1">
                {name}
              </h1>
              {email && <p className="text-body-secondary mb-2">{email}</p>}
              <p className="mb-3">
                {isOwner ? ownerGreeting(name, member) : `Welcome to ${name}'s ChallangeX profile.`}
              </p>
              {isOwner && (
                <button type="button" className="btn btn-success" onClick={() => setEditing(true)}>
                  Edit profile
                </button>
              )}
            </div>
          </div>

          <dl className="row mt-4 mb-0 profile-facts">
            <Fact label="Location" value={member.location} />
            <Fact
              label="Preference"
              value={member.preference ? member.preference.toUpperCase() : undefined}
            />
            <Fact label="Total Score" value={formatNumber(member.score ?? 0)} />
            {joined && <Fact label="Join At" value={joined} />}
            <Fact label="Current streak" value={streakDaysText(member.currentStreak)} />
            <Fact label="Best streak" value={streakDaysText(member.bestStreak)} />
            {isOwner && (
              <>
                <Fact
                  label="Height"
                  loading={body.status === 'loading'}
                  value={body.value?.height ? `${body.value.height} cm` : undefined}
                />
                <Fact
                  label="Weight"
                  loading={body.status === 'loading'}
                  value={body.value?.weight ? `${body.value.weight} kg` : undefined}
                />
                <Fact
                  label="Age"
                  loading={body.status === 'loading'}
                  value={body.value?.age ? String(body.value.age) : undefined}
                />
              </>
            )}
          </dl>

          <h2 className="h6 mt-4">Bio</h2>
          <p className="mb-4" style={{ whiteSpace: 'pre-line' }}>
            {member.bio || <span className="text-body-secondary">No bio yet.</span>}
          </p>

          <h2 className="h6">Social links</h2>
          {social.status === 'loading' ? (
            <LoadingLine label="Loading social links…" />
          ) : (
            <MemberSocialLinks social={social.value} name={name} />
          )}
          {social.status === 'error' && (
            <p className="text-danger small mb-0">No social data available</p>
          )}
        </div>
        {isOwner && editing && (
          <Suspense fallback={null}>
            <EditProfileModal uid={uid} show={editing} onHide={() => setEditing(false)} />
          </Suspense>
        )}
      </article>
      {/* The owner's own challenges, active first (the user menu's and the bottom nav's "My challenges"). */}
      {isOwner && <MyChallengesSection uid={uid} />}
      {shown && (
        <Suspense fallback={null}>
          <ProfileGlance uid={uid} />
        </Suspense>
      )}
      {/* Private: only the owner's own profile reads and shows the weight log. */}
      {isOwner && shown && (
        <Suspense fallback={null}>
          <WeightLogPanel uid={uid} />
        </Suspense>
      )}
      {isOwner && shown && ownSettings}
    </>
  );
}

/** A line's worth of placeholder while a part of the profile that is read after the first paint arrives. */
function LoadingLine({ label }: { label: string }) {
  return (
    <p className="placeholder-glow mb-0" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      <span className="placeholder col-6" aria-hidden="true" />
    </p>
  );
}

function Fact({
  label,
  value,
  loading = false,
}: {
  label: string;
  value?: string;
  loading?: boolean;
}) {
  return (
    <div className="col-6 col-md-4 mb-3">
      <dt className="small text-body-secondary fw-normal">{label}</dt>
      <dd className="mb-0 fw-semibold">
        {loading ? (
          <span className="placeholder-glow" aria-busy="true">
            <span className="visually-hidden">Loading…</span>
            <span className="placeholder col-8" aria-hidden="true" />
          </span>
        ) : (
          value || <span className="text-body-secondary fw-normal">Not set</span>
        )}
      </dd>
    </div>
  );
}
