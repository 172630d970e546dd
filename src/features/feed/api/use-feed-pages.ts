import { startTransition, useEffect, useState } from 'react';
import type { Loadable } from '@/hooks/use-loadable';
import type { FeedEntry } from '@domain/challenges/challenge-record';
import { readChildren, watchRead } from '@/services/database';
import { keptAnswer } from '@/services/database-reads';
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

export interface FeedPageView {
  /** The page's cards; null when the page asked for is past the feed's last page. */
  cards: FeedCard[] | null;
  /** The pages known so far (all of them once `complete`). */
  pageCount: number;
  complete: boolean;
}

/**
 * Live page `page` (1-based) of feed/, newest first. Each page read yields the cursor of the next one and the
 * cursors seen are kept, so moving between known pages costs one page query; a page beyond them (a shared
 * ?page=N link) is found with bounded seek reads (feed-paging.ts). Nothing downloads or counts the whole feed.
 */
export function useFeedPages(authorUid: string | null, page: number): Loadable<FeedPageView> {
  const index = page - 1;
  const [known, setKnown] = useState<KnownPages>(FIRST_PAGE_KNOWN);
  const cursorKnown = index < known.cursors.length;
  const cursorKey = cursorKnown ? JSON.stringify(known.cursors[index]) : null;
  const readKey = `${authorUid}|${index}|${cursorKey}`;
  const [loaded, setLoaded] = useState<{ key: string; state: Loadable<FeedCard[]> } | null>(null);

  useEffect(() => {
    if (cursorKey === null) return;
    const cursor = JSON.parse(cursorKey) as FeedCursor | null;
    return watchRead(
      feedPageRead(authorUid, cursor),
      (rows) => {
        const read = toFeedPage(rows, authorUid);
        // A transition, like every database answer (hooks/use-loadable.ts): rendered in slices.
        startTransition(() => {
          if (read.cards.length === 0 && index > 0) {
            setKnown((current) => afterPageVanished(current, index));
            return;
          }
          setKnown((current) => afterPageRead(current, index, read.next));
          setLoaded({ key: readKey, state: { status: 'ready', value: read.cards } });
        });
      },
      (error) => {
        console.error('Reading the feed failed', error);
        setLoaded({ key: readKey, state: { status: 'error', error } });
      },
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
        if (current)
          setLoaded({
            key: readKey,
            state: {
              status: 'error',
              error: error instanceof Error ? error : new Error(String(error)),
            },
          });
      },
    );
    return () => {
      current = false;
    };
  }, [seeking, known, index, authorUid, readKey]);

  const paging = { pageCount: known.cursors.length, complete: known.complete };
  if (!cursorKnown && known.complete) return { status: 'ready', value: { cards: null, ...paging } };
  const state = loaded?.key === readKey ? loaded.state : { status: 'loading' as const };
  if (state.status === 'ready')
    return { status: 'ready', value: { cards: state.value, ...paging } };
  if (state.status === 'error' || cursorKey === null) return state;
  // The page this device kept from a last visit, drawn while the live read runs.
  const kept = keptAnswer(feedPageRead(authorUid, JSON.parse(cursorKey) as FeedCursor | null));
  if (!kept) return state;
  return {
    status: 'ready',
    value: { cards: toFeedPage(kept, authorUid).cards, ...paging },
    kept: true,
  };
}
