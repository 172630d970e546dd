import Card from 'react-bootstrap/Card';
import Placeholder from 'react-bootstrap/Placeholder';
import { Link } from 'react-router-dom';
import type { MemberInfo } from '@domain/members/member-records';
import type { SessionUser } from '@/services/auth';
import { profilePath, rememberViewedProfile } from '@/lib/app-addresses';
import { MemberAvatar } from '@/components/member-avatar';
import { formatNumber } from '@/lib/format';
import { useActiveChallengeCount } from '../api/use-active-challenge-count';
import type { MemberStreak } from '../api/use-member-glance';
import { useMemberProfile } from '../api/use-member-profile';
import { streakDaysText } from '../lib/streak-text';
import { BrokenStreakNotice } from './broken-streak-notice';
import { MemberSocialLinks } from './member-social-links';

/** The sidebar card of the signed-in member (docs/product.md#routes-and-screens): their own email is fine to show them. */
export function ProfileCard({ member }: { member: SessionUser }) {
  const { info, social } = useMemberProfile(member.uid);
  const name = info.value?.displayName || member.displayName || 'Member';
  const activeChallenges = useActiveChallengeCount(member.uid, info.value?.activeChallenges);
  const streak: MemberStreak = (info.value as (MemberInfo & MemberStreak) | null) ?? {};

  return (
    <Card as="section" className="shadow-sm" aria-labelledby="profile-card-title">
      <Card.Body className="text-center">
        <MemberAvatar name={name} photoURL={info.value?.photoURL ?? member.photoURL} size={80} />
        <h2 id="profile-card-title" className="h5 mt-2 mb-0">
          {name}
        </h2>
        {member.email && (
          <p className="small text-body-secondary text-break mb-3">{member.email}</p>
        )}
        {info.status === 'loading' && (
          <Placeholder as="p" animation="glow" aria-hidden="true">
            <Placeholder xs={10} />
          </Placeholder>
        )}
        {info.status === 'error' && (
          <p className="small text-danger">No User info data available</p>
        )}
        {info.status === 'ready' && (
          <dl className="row g-0 text-center mb-3">
            <Stat label="Total Challange" value={info.value?.totalChallenges ?? 0} />
            <Stat label="Active Challange" value={activeChallenges} />
            <Stat label="Total Score" value={formatNumber(info.value?.score ?? 0)} />
            <Stat label="Current streak" value={streakDaysText(streak.currentStreak)} wide />
            <Stat label="Best streak" value={streakDaysText(streak.bestStreak)} wide />
          </dl>
        )}
        {info.status === 'ready' && <BrokenStreakNotice uid={member.uid} streak={streak} />}
        <div className="d-flex justify-content-center mb-3">
          <MemberSocialLinks social={social.value} name={name} />
        </div>
        <Link
          to={profilePath(name, member.uid)}
          onClick={() => rememberViewedProfile(member.uid)}
          className="btn btn-success btn-sm"
        >
          About me
        </Link>
      </Card.Body>
    </Card>
  );
}

/** `null` while the value is still being worked out. */
function Stat({
  label,
  value,
  wide = false,
}: {
  label: string;
  value: number | string | null;
  wide?: boolean;
}) {
  return (
    <div className={`${wide ? 'col-6 mt-2' : 'col-4'} d-flex flex-column-reverse`}>
      <dt className="small text-body-secondary fw-normal">{label}</dt>
      <dd className="fs-5 fw-bold mb-0" aria-busy={value === null}>
        {value ?? '…'}
      </dd>
    </div>
  );
}
