import { useEffect, useState } from 'react';
import type { FeedEntry } from '@/domain/challenge-record';
import { watchChildren } from '@/services/database';
import { dbPaths } from '@/domain/database-paths';
import { feedPageQuery, toFeedPage, type FeedCard, type FeedCursor } from './feed-pages';

export type FeedPagesState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; cards: FeedCard[] };

const sameCursor = (a: FeedCursor | null | undefined, b: FeedCursor | null | undefined) =>
  a?.key === b?.key && a?.value === b?.value;

/** Keeps the cursors up to page `index`, then the one after it if the page has a successor. */
function withNextCursor(known: Array<FeedCursor | null>, index: number, next: FeedCursor | null) {
  if (
    next === null
      ? known.length === index + 1
      : known.length === index + 2 && sameCursor(known[index + 1], next)
  ) {
    return known;
  }
  // A new or deleted challenge moved the page boundaries: cursors beyond this page are stale.
  const kept = known.slice(0, index + 1);
  return next === null ? kept : [...kept, next];
}

/**
 * Live pages of feed/, newest first. Pages are walked in order: each page
 * yields the cursor of the next one, and cursors already seen are kept, so any
 * page-number link shown costs one page query. Page links therefore grow as the
 * member pages on; nothing ever downloads or counts the whole feed.
 */
export function useFeedPages(authorUid: string | null) {
  const [pageIndex, setPageIndex] = useState(0);
  // cursors[i] starts page i; cursors.length is the number of pages known so far.
  const [cursors, setCursors] = useState<Array<FeedCursor | null>>([null]);
  const cursorKey = JSON.stringify(cursors[pageIndex] ?? null);
  const watchKey = `${authorUid}|${pageIndex}|${cursorKey}`;
  const [loaded, setLoaded] = useState<{ key: string; state: FeedPagesState } | null>(null);

  useEffect(() => {
    const cursor = JSON.parse(cursorKey) as FeedCursor | null;
    return watchChildren<FeedEntry>(
      dbPaths.feed,
      feedPageQuery(authorUid, cursor),
      (rows) => {
        const page = toFeedPage(rows, authorUid);
        if (page.cards.length === 0 && pageIndex > 0) {
          // This later page emptied (its challenges were deleted): back to the first.
          setPageIndex(0);
          return;
        }
        setCursors((known) => withNextCursor(known, pageIndex, page.next));
        setLoaded({ key: watchKey, state: { status: 'ready', cards: page.cards } });
      },
      (error) => {
        console.error('Reading the feed failed', error);
        setLoaded({ key: watchKey, state: { status: 'error' } });
      },
    );
  }, [authorUid, pageIndex, cursorKey, watchKey]);

  return {
    state: loaded?.key === watchKey ? loaded.state : ({ status: 'loading' } as FeedPagesState),
    /** 1-based. */
    page: pageIndex + 1,
    pageCount: cursors.length,
    goToPage: (pageNumber: number) => {
      if (pageNumber >= 1 && pageNumber <= cursors.length) setPageIndex(pageNumber - 1);
    },
  };
}
