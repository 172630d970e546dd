import { startTransition, useEffect, useState } from 'react';
import type { FeedEntry } from '@domain/challenges/challenge-record';
import { readChildren, watchChildren } from '@/services/database';
import { dbPaths } from '@domain/data/database-paths';
import { feedPageRead, toFeedPage, type FeedCard, type FeedCursor } from './feed-pages';
import {
  FIRST_PAGE_KNOWN,
  afterPageRead,
  afterPageVanished,
  afterSeek,
  seekQuery,
  type KnownPages,
} from './feed-paging';

export type FeedPagesState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; cards: FeedCard[] }
  /** The page asked for is past the feed's last page. */
  | { status: 'out-of-range' };

/**
 * Live page `page` (1-based) of feed/, newest first. Each page read yields the cursor of the next one and the
 * cursors seen are kept, so moving between known pages costs one page query; a page beyond them (a shared
 * ?page=N link) is found with bounded seek reads (feed-paging.ts). Nothing downloads or counts the whole feed.
 */
export function useFeedPages(authorUid: string | null, page: number) {
  const index = page - 1;
  const [known, setKnown] = useState<KnownPages>(FIRST_PAGE_KNOWN);
  const cursorKnown = index < known.cursors.length;
  const cursorKey = cursorKnown ? JSON.stringify(known.cursors[index]) : null;
  const readKey = `${authorUid}|${index}|${cursorKey}`;
  const [loaded, setLoaded] = useState<{ key: string; state: FeedPagesState } | null>(null);

  useEffect(() => {
    if (cursorKey === null) return;
    const cursor = JSON.parse(cursorKey) as FeedCursor | null;
    const read = feedPageRead(authorUid, cursor);
    return watchChildren<FeedEntry>(
      read.path,
      read.query!,
      (rows) => {
        const read = toFeedPage(rows, authorUid);
        // A transition, like every database answer (hooks/use-database.ts): rendered in slices.
        startTransition(() => {
          if (read.cards.length === 0 && index > 0) {
            setKnown((current) => afterPageVanished(current, index));
            return;
          }
          setKnown((current) => afterPageRead(current, index, read.next));
          setLoaded({ key: readKey, state: { status: 'ready', cards: read.cards } });
        });
      },
      (error) => {
        console.error('Reading the feed failed', error);
        setLoaded({ key: readKey, state: { status: 'error' } });
      },
      read,
    );
  }, [authorUid, index, cursorKey, readKey]);

  const seeking = !cursorKnown && !known.complete;
  useEffect(() => {
    if (!seeking) return;
    let current = true;
    const spec = seekQuery(authorUid, known, index);
    readChildren<FeedEntry>(dbPaths.feed, spec, { who: 'public' }).then(
      (rows) => {
        if (current) setKnown(afterSeek(known, rows, authorUid, spec));
      },
      (error: unknown) => {
        console.error('Finding the feed page failed', error);
        if (current) setLoaded({ key: readKey, state: { status: 'error' } });
      },
    );
    return () => {
      current = false;
    };
  }, [seeking, known, index, authorUid, readKey]);

  const state: FeedPagesState =
    !cursorKnown && known.complete
      ? { status: 'out-of-range' }
      : loaded?.key === readKey
        ? loaded.state
        : { status: 'loading' };
  return { state, pageCount: known.cursors.length, complete: known.complete };
}
