import Card from 'react-bootstrap/Card';
import { Link } from 'react-router-dom';
import { MemberAvatar } from '@/components/member-avatar';
import type { ChallengeSummary } from '@domain/challenges/challenge-record';
import type { GroupSummary } from '@domain/challenges/group-records';
import { formatDateTimeIfAny } from '@/lib/format';
import { profilePath } from '@/lib/app-addresses';

interface ChallengeSummaryCardProps {
  challenge: ChallengeSummary;
  ownerId: string;
  challengeId?: string;
  /** A group challenge's member count and who may join; absent for a solo challenge. */
  group?: GroupSummary | null;
}

/** What members other than the owner see (docs/product.md#routes-and-screens): name, title, date time, days, meal type. */
export function ChallengeSummaryCard({
  challenge,
  ownerId,
  challengeId,
  group,
}: ChallengeSummaryCardProps) {
  const owner = challenge.displayName || 'Member';
  const created = formatDateTimeIfAny(challenge.createdAt);
  return (
    <Card as="article" className="shadow-sm" aria-labelledby="challenge-summary-title">
      <Card.Body>
        <div className="d-flex align-items-center gap-2 mb-3">
          <MemberAvatar name={owner} photoURL={challenge.photoURL} size={48} />
          <div>
            <div className="small text-body-secondary">Name</div>
            <Link className="fw-semibold" to={profilePath(owner, ownerId)}>
              {owner}
            </Link>
          </div>
        </div>
        <Card.Title as="h1" id="challenge-summary-title" className="h3">
          {challenge.title}
        </Card.Title>
        <dl className="row mb-0">
          <dt className="col-sm-4">Date time</dt>
          <dd className="col-sm-8">{created ?? '—'}</dd>
          <dt className="col-sm-4">Days</dt>
          <dd className="col-sm-8">{challenge.day}</dd>
          <dt className="col-sm-4">Meal type</dt>
          <dd className="col-sm-8">{String(challenge.preference ?? '').toUpperCase()}</dd>
          {group && (
            <>
              <dt className="col-sm-4">Members</dt>
              <dd className="col-sm-8">{group.memberCount}</dd>
            </>
          )}
        </dl>
        {group?.access === 'feed' && challengeId && (
          <Link className="btn btn-success mt-3" to={`/join/${encodeURIComponent(challengeId)}`}>
            Join challenge
          </Link>
        )}
      </Card.Body>
    </Card>
  );
}
