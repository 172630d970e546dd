import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { storageKeys, writeStored } from '@/lib/device-storage';
import { useReportMainContent } from '@/hooks/use-main-content';
import { appImageSource } from '@/lib/safe-urls';
import { useSession } from '@/lib/session';
import { AUTHOR_PARAM, CARDS_PER_PAGE, PAGE_PARAM, showableCards } from '../api/feed-pages';
import { pageFromParam, withPage } from '../api/feed-paging';
import { useFeedPages } from '../api/use-feed-pages';
import { ResilientChallengeCard } from './challenge-card';
import { FeedPagination } from './feed-pagination';
import type { ChallengeRef } from '@domain/challenges/challenge-record';
import './feed.css';

/** The author filter lives in the URL (?author=uid) so Back returns to all members. */
const AUTHOR_NAME_PARAM = 'name';

interface FeedPageProps {
  /** What a member may do with their own challenge (src/app composes the challenges feature in). */
  ownerActions?: (challenge: ChallengeRef) => ReactNode;
}

/** Routes /, /feed and /dash-board: challenges of all members, or of one author. */
export function FeedPage({ ownerActions }: FeedPageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const authorUid = searchParams.get(AUTHOR_PARAM);
  const authorName = searchParams.get(AUTHOR_NAME_PARAM) || 'this member';
  const [attempt, setAttempt] = useState(0);

  const chooseAuthor = (uid: string, displayName: string) => {
    writeStored(storageKeys.loadProfile, uid);
    setSearchParams({ [AUTHOR_PARAM]: uid, [AUTHOR_NAME_PARAM]: displayName });
  };
  const clearAuthor = () => {
    writeStored(storageKeys.loadProfile, null);
    setSearchParams({});
  };

  return (
    <section aria-labelledby="feed-heading">
      <h2 id="feed-heading" className="h3 mb-3" tabIndex={-1}>
        Challenges
      </h2>
      {authorUid && (
        <div role="alert" className="alert alert-success d-flex flex-wrap align-items-center gap-2">
          <span>
            Showing challenges by <strong>{authorName}</strong>
          </span>
          <button
            type="button"
            className="btn btn-outline-success btn-sm ms-auto"
            onClick={clearAuthor}
          >
            Show all challenges
          </button>
        </div>
      )}
      {/* A new author or a retry starts over at page 1. */}
      <FeedList
        key={`${authorUid ?? 'all'}#${attempt}`}
        authorUid={authorUid}
        ownerActions={ownerActions}
        onChooseAuthor={authorUid ? undefined : chooseAuthor}
        onRetry={() => setAttempt((count) => count + 1)}
      />
    </section>
  );
}

interface FeedListProps extends FeedPageProps {
  authorUid: string | null;
  onChooseAuthor?: (uid: string, displayName: string) => void;
  onRetry: () => void;
}

/** The list's heading takes focus (and the view) when a page link is followed: the links unmount while it loads. */
function showListHeading() {
  const heading = document.getElementById('feed-heading');
  heading?.focus();
  heading?.scrollIntoView?.({ block: 'start' });
}

function FeedList({ authorUid, ownerActions, onChooseAuthor, onRetry }: FeedListProps) {
  const { user } = useSession();
  const [searchParams] = useSearchParams();
  const requested = pageFromParam(searchParams.get(PAGE_PARAM));
  // Visitors see the newest page only; a shared ?page=N link shows them page 1 and the login prompt.
  const page = user === null ? 1 : (requested ?? 1);
  const pages = useFeedPages(authorUid, page);
  const shownCards = showableCards(pages.value?.cards ?? []);
  // The page's main content (src/lib/main-content.ts): the first card's cover declares itself
  // (challenge-card.tsx); without one, the list's text once on screen.
  useReportMainContent(pages.status !== 'loading' && !appImageSource(shownCards[0]?.entry.cover));
  const hrefOf = (number: number) => `?${withPage(searchParams, number).toString()}`;

  if (user !== null && requested === null) {
    return (
      <PageNotFound message={`“${searchParams.get(PAGE_PARAM)}” is not a page number.`}>
        <Link to={hrefOf(1)}>Go to page 1</Link>
      </PageNotFound>
    );
  }
  if (pages.value?.cards === null) {
    const { pageCount } = pages.value;
    return (
      <PageNotFound
        message={`There is no page ${page}: the feed has ${pageCount} ${pageCount === 1 ? 'page' : 'pages'}.`}
      >
        <Link to={hrefOf(pageCount)}>Go to page {pageCount}</Link>
      </PageNotFound>
    );
  }
  if (pages.status === 'loading') return <FeedLoading />;
  if (pages.status === 'ready' && pages.kept) {
    // The copy of the last visit, until the live read answers (feed/ is public, so the copy is too).
    return (
      <>
        <p role="status" className="small text-body-secondary mb-2">
          Updating…
        </p>
        {shownCards.map((card, index) => (
          <ResilientChallengeCard
            key={card.challengeId}
            card={card}
            priority={index === 0}
            isOwner={false}
          />
        ))}
      </>
    );
  }
  if (pages.status === 'error') {
    return (
      <div role="alert" className="alert alert-danger d-flex flex-wrap align-items-center gap-2">
        <span>Challenges could not be loaded. Check your connection and try again.</span>
        <button type="button" className="btn btn-outline-danger btn-sm ms-auto" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  const { pageCount, complete } = pages.value;
  if (shownCards.length === 0) {
    return (
      <div className="text-center bg-white rounded border p-5">
        <p className="h5">No challenges yet</p>
        <p className="mb-0 text-body-secondary">
          {authorUid
            ? 'This member has no challenges to show.'
            : 'Be the first: Start a Challenge.'}
        </p>
      </div>
    );
  }

  return (
    <>
      {shownCards.map((card, index) => (
        <ResilientChallengeCard
          key={card.challengeId}
          card={card}
          priority={index === 0}
          isOwner={Boolean(user) && user?.uid === card.entry.uid}
          signedIn={Boolean(user)}
          ownerActions={ownerActions}
          onChooseAuthor={onChooseAuthor}
        />
      ))}
      {user && (
        <FeedPagination
          page={page}
          pageCount={pageCount}
          complete={complete}
          hrefOf={hrefOf}
          onFollow={showListHeading}
        />
      )}
      {user === null && pageCount > 1 && (
        <div className="text-center bg-white rounded border p-4">
          <p className="mb-2">There are more challenges.</p>
          <Link to="/login" className="btn btn-success">
            Log in to see more
          </Link>
        </div>
      )}
    </>
  );
}

function PageNotFound({ message, children }: { message: string; children: ReactNode }) {
  return (
    <div role="alert" className="alert alert-warning d-flex flex-wrap align-items-center gap-2">
      <span>{message}</span>
      <span className="ms-auto">{children}</span>
    </div>
  );
}

function FeedLoading() {
  return (
    <div role="status" aria-live="polite">
      <span className="visually-hidden">Loading challenges…</span>
      {Array.from({ length: Math.min(CARDS_PER_PAGE, 2) }, (_, index) => (
        <div key={index} className="card mb-4" aria-hidden="true">
          <div className="challenge-card-cover challenge-card-cover-fallback" />
          <div className="card-body">
            <p className="placeholder-glow">
              <span className="placeholder col-7" /> <span className="placeholder col-4" />{' '}
              <span className="placeholder col-6" />
            </p>
          </div>
        </div>
      ))}
    </div>
  );
}
