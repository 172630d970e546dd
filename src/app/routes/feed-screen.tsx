import { ChallengeOwnerActions } from '@/features/challenges/components/challenge-owner-actions';
import { FeedPage } from '@/features/feed/components/feed-page';

/** The feed, with the challenges feature's owner actions (edit, delete, regenerate) on a member's own cards. */
export function FeedScreen() {
  return (
    <FeedPage
      ownerActions={(challenge) => (
        <ChallengeOwnerActions className="ms-sm-auto" challenge={challenge} />
      )}
    />
  );
}
