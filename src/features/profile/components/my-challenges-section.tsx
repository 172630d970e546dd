import { Link } from 'react-router-dom';
import { MY_CHALLENGES_ID } from '@/components/my-challenges-address';
import { rememberChallenge } from '@/lib/app-addresses';
import { formatDate } from '@/lib/format';
import { useMyChallenges } from '../api/my-challenges';
import type { MyChallenge } from '../lib/my-challenges';

const daysText = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

function ChallengeRow({ challenge }: { challenge: MyChallenge }) {
  const { ownerId, challengeId, title, days, endsAt, active, createdAt } = challenge;
  const when =
    endsAt === undefined
      ? `Started ${formatDate(createdAt)}`
      : `${active ? 'Ends' : 'Ended'} ${formatDate(endsAt)}`;
  return (
    <li className="list-group-item d-flex align-items-center gap-3 px-0">
      <div className="flex-grow-1 min-w-0">
        <Link
          to={rememberChallenge(ownerId, challengeId, title)}
          className="fw-semibold text-break"
        >
          {title}
        </Link>
        <div className="small text-body-secondary">
          {daysText(days)} · {when}
        </div>
      </div>
      {active && <span className="badge text-bg-success">Active</span>}
    </li>
  );
}

/**
 * "My challenges" on the member's own profile: their challenges, active first, then past
 * (docs/product.md, "Profile"). Only the owner can read them.
 */
export function MyChallengesSection({ uid }: { uid: string }) {
  const challenges = useMyChallenges(uid);
  return (
    <section
      id={MY_CHALLENGES_ID}
      className="card shadow-sm mt-4"
      aria-labelledby="my-challenges-heading"
    >
      <div className="card-body p-3 p-sm-4">
        <h2 id="my-challenges-heading" className="h5 mb-2">
          My challenges
        </h2>
        {challenges.status === 'loading' && (
          <div className="placeholder-glow" aria-busy="true">
            <span className="visually-hidden" role="status">
              Loading your challenges…
            </span>
            <span className="placeholder col-8" aria-hidden="true" />{' '}
            <span className="placeholder col-6" aria-hidden="true" />
          </div>
        )}
        {challenges.status === 'error' && (
          <p className="text-danger mb-0">
            We could not load your challenges. Check your connection and reload the page.
          </p>
        )}
        {challenges.status === 'ready' &&
          (challenges.value.length === 0 ? (
            <p className="text-body-secondary mb-0">
              No challenges yet. Start one from the feed to see it here.
            </p>
          ) : (
            <ul className="list-group list-group-flush mb-0">
              {challenges.value.map((challenge) => (
                <ChallengeRow key={challenge.challengeId} challenge={challenge} />
              ))}
            </ul>
          ))}
      </div>
    </section>
  );
}
