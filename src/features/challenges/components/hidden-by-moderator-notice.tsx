import type { ChallengeModeration } from '@domain/challenges/challenge-record';

/** Says that a moderator took the challenge out of the feed, and why; the owner learns what it means. */
export function HiddenByModeratorNotice({
  moderation,
  isOwner,
}: {
  moderation: ChallengeModeration;
  isOwner: boolean;
}) {
  return (
    <div className="alert alert-warning" role="status">
      <strong>Hidden by a moderator.</strong>{' '}
      {isOwner
        ? 'Your challenge is no longer shown in the feed or on your profile to other members.'
        : 'This challenge is no longer shown in the feed.'}
      {moderation.reason && ` Reason: ${moderation.reason}`}
    </div>
  );
}
