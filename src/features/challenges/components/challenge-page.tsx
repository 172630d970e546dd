import { useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { readStored, storageKeys } from '@/lib/device-storage';
import { challengePath, challengeSlug, rememberChallenge } from '@/lib/app-addresses';
import { useSignedInUser } from '@/lib/session';
import type { ViewedChallenge } from '@domain/challenges/viewed-challenge';
import { useGroupFeedSummary } from '../api/group-members';
import { useChallenge } from '../api/use-challenge';
import { ChallengeOwnerView } from './challenge-owner-view';
import { ChallengeSummaryCard } from './challenge-summary-card';
import { HiddenByModeratorNotice } from './hidden-by-moderator-notice';
import './challenges.css';

const NOT_FOUND_TITLE = 'Challenge not found';
const GONE = 'This challenge does not exist or was deleted.';
const INCOMPLETE_ADDRESS =
  'This address does not say which challenge it is (it is an old or shortened link). Open the challenge from the feed to get its full address.';

interface AddressedChallenge {
  ownerId: string | null;
  challengeId: string | null;
  /** False for an old-style address with only a slug: the ids come from browser storage and must match it. */
  fromAddress: boolean;
}

/** Route challange/:postName/:ownerId?/:challengeId?: the address names the challenge (docs/product.md#routes-and-screens). */
export function ChallengePage() {
  const user = useSignedInUser();
  const { postName = '', ownerId, challengeId } = useParams();
  const addressed = useAddressedChallenge(ownerId, challengeId);
  const loaded = useChallenge(addressed.ownerId, addressed.challengeId, user.uid);
  const found = loaded.status === 'ready' ? loaded.value : null;
  const title = found?.challenge.title;
  const slugMatches = title !== undefined && challengeSlug(title) === postName;
  const shown = found !== null && addressed.fromAddress;
  const groupOwner = found ? joinedFrom(found) : undefined;
  // Non-members see a group's member count (its feed entry's summary); members see the board instead.
  const group = useGroupFeedSummary(
    found?.view === 'summary' && !loaded.updating ? addressed.challengeId : null,
  );
  // The plan shown: the viewer's own for a joined member. Kept while its ids and title stay, so the memoised
  // plan is not drawn again when the live copy replaces an identical cached one.
  const planOwnerId = found?.view === 'member' ? user.uid : addressed.ownerId;
  const planRef = useMemo(
    () => ({
      ownerId: planOwnerId ?? '',
      challengeId: addressed.challengeId ?? '',
      title: title ?? '',
    }),
    [planOwnerId, addressed.challengeId, title],
  );
  // A copy cached on the last visit only stands in for exactly the address opened; redirects wait for live data.
  const waiting =
    loaded.status === 'loading' || (loaded.updating === true && !(shown && slugMatches));

  useDocumentTitle(waiting ? null : shown ? title : NOT_FOUND_TITLE);
  useEffect(() => {
    // Browser storage only remembers the last challenge opened (a convenience, never the source of truth).
    if (
      shown &&
      !loaded.updating &&
      addressed.ownerId &&
      addressed.challengeId &&
      title !== undefined
    )
      rememberChallenge(addressed.ownerId, addressed.challengeId, title);
  }, [shown, loaded.updating, addressed.ownerId, addressed.challengeId, title]);

  let content;
  if (waiting) {
    content = (
      <div role="status" className="d-flex align-items-center gap-2 py-5 justify-content-center">
        <span className="spinner-border spinner-border-sm" aria-hidden="true" /> Loading challenge…
      </div>
    );
  } else if (loaded.status === 'error') {
    content = (
      <div role="alert" className="alert alert-danger">
        This challenge could not be loaded. Check your connection and reload the page.
      </div>
    );
  } else if (!found || !addressed.ownerId || !addressed.challengeId) {
    content = <Missing text={addressed.fromAddress ? GONE : INCOMPLETE_ADDRESS} />;
  } else if (!addressed.fromAddress && !slugMatches) {
    // The stored lookup names some other challenge than this old link: never show it in its place.
    content = <Missing text={INCOMPLETE_ADDRESS} />;
  } else if (groupOwner && groupOwner !== addressed.ownerId) {
    // The viewer's joined copy opened at their own uid: the group's address shows it, beside the board.
    return (
      <Navigate
        replace
        to={challengePath(groupOwner, addressed.challengeId, found.challenge.title)}
      />
    );
  } else if (!slugMatches || !addressed.fromAddress) {
    // An old-style link, or a title changed since the link was made: move to the canonical address.
    const canonical = challengePath(
      addressed.ownerId,
      addressed.challengeId,
      found.challenge.title,
    );
    return <Navigate replace to={canonical} />;
  } else if (found.view === 'owner') {
    content = <ChallengeOwnerView challenge={found.challenge} challengeRef={planRef} />;
  } else if (found.view === 'member') {
    // A joined member's own plan: theirs to prove (their uid in its paths), the group owner's board beside it.
    content = (
      <ChallengeOwnerView
        challenge={found.challenge}
        challengeRef={planRef}
        groupOwnerId={addressed.ownerId}
      />
    );
  } else {
    content = (
      <ChallengeSummaryCard
        challenge={found.challenge}
        ownerId={addressed.ownerId}
        challengeId={addressed.challengeId}
        group={group}
      />
    );
  }

  const showingCache = loaded.updating === true && !waiting;
  const moderation = found?.challenge.moderation;
  return (
    <div className="container py-4 challenge-page" aria-busy={showingCache}>
      {moderation && (
        <HiddenByModeratorNotice moderation={moderation} isOwner={found?.view === 'owner'} />
      )}
      {showingCache && (
        <div
          role="status"
          className="small text-body-secondary d-flex align-items-center gap-2 mb-2"
        >
          <span className="spinner-border spinner-border-sm" aria-hidden="true" /> updating…
        </div>
      )}
      {/* Last visit's copy is not to be acted on until the live copy replaces it (same tree, no remount). */}
      <fieldset disabled={showingCache}>{content}</fieldset>
    </div>
  );
}

/** The ids in the address; without any, the stored lookup of the last challenge opened (read once). */
function useAddressedChallenge(
  ownerId: string | undefined,
  challengeId: string | undefined,
): AddressedChallenge {
  const [stored] = useState(() => ({
    ownerId: readStored<string>(storageKeys.currentId),
    challengeId: readStored<string>(storageKeys.currentChallenge),
  }));
  if (ownerId !== undefined || challengeId !== undefined)
    return { ownerId: ownerId ?? null, challengeId: challengeId ?? null, fromAddress: true };
  return {
    ownerId: typeof stored.ownerId === 'string' ? stored.ownerId : null,
    challengeId: typeof stored.challengeId === 'string' ? stored.challengeId : null,
    fromAddress: false,
  };
}

/** The group owner a viewer's own record was joined from (a joined copy), if any. */
function joinedFrom(found: ViewedChallenge): string | undefined {
  return found.view === 'owner' ? found.challenge.groupOwnerId : undefined;
}

function Missing({ text }: { text: string }) {
  return (
    <div role="alert" className="alert alert-info">
      <h1 className="h5">{NOT_FOUND_TITLE}</h1>
      <p className="mb-2">{text}</p>
      <Link to="/feed">Choose a challenge from the feed</Link>
    </div>
  );
}
