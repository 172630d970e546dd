import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router-dom';
import type { ChallengeRecord } from '@/domain/challenge-record';
import { useDatabaseValue } from '@/hooks/use-database';
import { readStored, storageKeys } from '@/lib/browser-storage';
import { useSignedInUser } from '@/lib/session';
import { dbPaths } from '@/domain/database-paths';
import { useChallengeSummary } from '../hooks/use-challenge-summary';
import { ChallengeOwnerView } from './challenge-owner-view';
import { ChallengeSummaryCard } from './challenge-summary-card';
import { HiddenByModeratorNotice } from './hidden-by-moderator-notice';
import './challenges.css';

/** Route challange/:post-name; which challenge is in browser storage (docs/product.md#routes-and-screens). */
export function ChallengePage() {
  const user = useSignedInUser();
  const challengeId = readStored<string>(storageKeys.currentChallenge);
  const ownerId = readStored<string>(storageKeys.currentId);
  const isOwner = ownerId !== null && ownerId === user.uid;
  // Only the owner may read the plan; everyone else reads the summary fields (database.rules.json).
  const plan = useDatabaseValue<ChallengeRecord>(
    isOwner && challengeId ? dbPaths.challenge(ownerId, challengeId) : null,
  );
  const summary = useChallengeSummary(isOwner ? null : ownerId, challengeId);
  const loaded = isOwner ? plan : summary;

  let content;
  if (!challengeId || !ownerId) {
    content = <Missing text="No challenge is selected." />;
  } else if (loaded.status === 'loading') {
    content = (
      <div role="status" className="d-flex align-items-center gap-2 py-5 justify-content-center">
        <Spinner animation="border" size="sm" aria-hidden="true" /> Loading challenge…
      </div>
    );
  } else if (loaded.status === 'error') {
    content = (
      <Alert variant="danger">
        This challenge could not be loaded. Check your connection and reload the page.
      </Alert>
    );
  } else if (!loaded.value || loaded.value.deleted) {
    content = <Missing text="This challenge does not exist or was deleted." />;
  } else if (isOwner && plan.value) {
    content = (
      <ChallengeOwnerView
        challenge={plan.value}
        challengeRef={{ ownerId, challengeId, title: plan.value.title }}
      />
    );
  } else {
    content = <ChallengeSummaryCard challenge={loaded.value} />;
  }

  const moderation =
    loaded.status === 'ready' && !loaded.value?.deleted ? loaded.value?.moderation : undefined;
  return (
    <div className="container py-4 challenge-page">
      {moderation && <HiddenByModeratorNotice moderation={moderation} isOwner={isOwner} />}
      {content}
    </div>
  );
}

function Missing({ text }: { text: string }) {
  return (
    <Alert variant="info">
      <h1 className="h5">Challenge not found</h1>
      <p className="mb-2">{text}</p>
      <Link to="/feed">Choose a challenge from the feed</Link>
    </Alert>
  );
}
