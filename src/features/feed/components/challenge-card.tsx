import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { challengePath, rememberChallenge } from '@/lib/app-addresses';
import { useReportMainContent } from '@/hooks/use-main-content';
import { appImageSource } from '@/lib/safe-urls';
import { ErrorBoundary } from '@/components/error-boundary';
import { MemberAvatar } from '@/components/member-avatar';
import { ProfileLink } from '@/components/profile-link';
import type { ChallengeRef } from '@domain/challenges/challenge-record';
import type { FeedCard } from '../api/feed-pages';
import { formatDateTimeIfAny } from '@/lib/format';

interface ChallengeCardProps {
  card: FeedCard;
  /** The owner's actions for this card (edit, delete, regenerate); shown only on their own cards. */
  ownerActions?: (challenge: ChallengeRef) => ReactNode;
  isOwner: boolean;
  /** Offered unless the feed already shows only this author. */
  onChooseAuthor?: (uid: string, displayName: string) => void;
  /**
   * The first card's cover is the feed's largest paint (LCP): fetched at once, not lazily, and declared the
   * page's main content once on screen; the other cards' covers load lazily, at a lower priority.
   */
  priority?: boolean;
  /** A signed-in member is looking: a group anyone may join from the feed offers "Join challenge". */
  signedIn?: boolean;
}

/** The most avatars a group's card shows (the entry carries at most this many, docs/product.md "Group challenges"). */
const CARD_AVATARS = 5;

/** One challenge of the feed, the card of docs/product.md#routes-and-screens. */
export function ChallengeCard({
  card: { challengeId, entry },
  isOwner,
  ownerActions,
  onChooseAuthor,
  priority = false,
  signedIn = false,
}: ChallengeCardProps) {
  const cover = appImageSource(entry.cover);
  // The priority cover, once loaded (or failed): the main content once the browser reports that image painted,
  // as a text of the card may be reported before it.
  const [loadedCover, setLoadedCover] = useState<HTMLImageElement | null>(null);
  useReportMainContent(priority && loadedCover !== null, loadedCover);
  const coverLoaded = priority
    ? (event: { currentTarget: HTMLImageElement }) => setLoadedCover(event.currentTarget)
    : undefined;
  const author = entry.displayName || 'Member';
  const created = formatDateTimeIfAny(entry.createdAt);
  const updated = formatDateTimeIfAny(entry.updatedAt);
  const headingId = `challenge-${challengeId}-title`;

  return (
    // Plain Bootstrap markup: the feed renders five of these on its first load (no react-bootstrap components).
    <article className="card challenge-card shadow-sm mb-4" aria-labelledby={headingId}>
      {cover ? (
        <img
          src={cover}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'low'}
          onLoad={coverLoaded}
          onError={coverLoaded}
          width={640}
          height={240}
          className="card-img-top challenge-card-cover"
        />
      ) : (
        <div className="challenge-card-cover challenge-card-cover-fallback" aria-hidden="true" />
      )}
      <div className="card-body">
        <div className="d-flex flex-wrap gap-2 mb-2">
          <span className="badge bg-success">{String(entry.preference ?? '').toUpperCase()}</span>
          {entry.targetBody && <span className="badge bg-secondary">{entry.targetBody}</span>}
          <span className="badge bg-light text-dark border">
            {entry.day === 1 ? '1 day' : `${entry.day} days`}
          </span>
        </div>
        <h3 id={headingId} className="card-title h5">
          {entry.title}
        </h3>
        <div className="d-flex align-items-center gap-2 mb-2">
          <MemberAvatar name={author} photoURL={entry.photoURL} size={32} />
          <ProfileLink uid={entry.uid} displayName={author} className="fw-semibold" />
          {onChooseAuthor && (
            <button
              type="button"
              className="btn btn-link btn-sm p-0 ms-auto"
              onClick={() => onChooseAuthor(entry.uid, author)}
            >
              More by {author}
            </button>
          )}
        </div>
        <GroupMembers entry={entry} />
        <ul className="list-unstyled small text-body-secondary mb-3">
          {created && <li>Created {created}</li>}
          {updated && <li>Updated {updated}</li>}
        </ul>
        <div className="d-flex flex-wrap align-items-center gap-2">
          {/* A real link: it opens in a new tab and can be copied; the address identifies the challenge. */}
          <Link
            className="btn btn-success"
            to={challengePath(entry.uid, challengeId, entry.title)}
            aria-label={`Open Challenge ${entry.title}`}
            onClick={() => rememberChallenge(entry.uid, challengeId, entry.title)}
          >
            Open Challenge
          </Link>
          {/* The join page (no token needed for feed access) says when the member has joined already. */}
          {signedIn && !isOwner && entry.access === 'feed' && (
            <Link
              className="btn btn-outline-success"
              to={`/join/${encodeURIComponent(challengeId)}`}
              aria-describedby={headingId}
            >
              Join challenge
            </Link>
          )}
          {isOwner && ownerActions?.({ ownerId: entry.uid, challengeId, title: entry.title })}
        </div>
      </div>
    </article>
  );
}

/**
 * A group's member count and first avatars, from the GroupSummary fields the server keeps on the feed entry:
 * no read of the group itself (non-members may not read it, and a card costs no extra request).
 */
function GroupMembers({ entry }: { entry: FeedCard['entry'] }) {
  const { access, memberCount, memberPhotos } = entry;
  if (!access || typeof memberCount !== 'number' || memberCount < 1) return null;
  const photos = Array.isArray(memberPhotos) ? memberPhotos.slice(0, CARD_AVATARS) : [];
  return (
    <div className="d-flex align-items-center gap-2 mb-2">
      {photos.length > 0 && (
        <span className="d-inline-flex group-card-avatars" aria-hidden="true">
          {photos.map((member, index) => (
            <MemberAvatar
              key={index}
              name={String(member?.displayName ?? '')}
              photoURL={member?.photoURL}
              size={24}
              className="border border-2 border-white"
            />
          ))}
        </span>
      )}
      <span className="small fw-semibold">
        {memberCount === 1 ? '1 member' : `${memberCount} members`}
      </span>
    </div>
  );
}

/** Stands in for a card that failed to render: quiet, the size of a line, the feed goes on. */
export function UnavailableChallengeCard() {
  return (
    <article className="card challenge-card mb-4" aria-label="Challenge unavailable">
      <div className="card-body small text-body-secondary">This challenge can’t be shown.</div>
    </article>
  );
}

/**
 * A card inside its own error boundary: an entry the card cannot render (a malformed row of the
 * public feed) costs that card, never the feed (docs/security.md, "Moderation races").
 */
export function ResilientChallengeCard(props: ChallengeCardProps) {
  return (
    <ErrorBoundary fallback={<UnavailableChallengeCard />}>
      <ChallengeCard {...props} />
    </ErrorBoundary>
  );
}
