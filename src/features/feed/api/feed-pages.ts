import type { FeedEntry } from '@/domain/challenge-record';
import type { ChildQuery } from '@/domain/child-query';

export const CARDS_PER_PAGE = 5;

/** Where the next (older) page starts: the order value and key of the oldest card shown. */
export interface FeedCursor {
  value: number | string | null;
  key: string;
}

export interface FeedCard {
  challengeId: string;
  entry: FeedEntry;
}

/**
 * The query of one page of feed/ (docs/architecture.md#data-model-and-access): orderByChild + limitToLast +
 * endBefore, so a page costs the same whatever the number of challenges. One
 * extra row is asked for to learn whether an older page exists.
 *
 * All members: ordered by createdAt. One author: ordered by uid, which groups
 * their entries; within a uid RTDB orders by key, and challenge keys are push
 * ids minted at creation, so key order is creation order too.
 */
export function feedPageQuery(authorUid: string | null, cursor: FeedCursor | null): ChildQuery {
  const limitToLast = CARDS_PER_PAGE + 1;
  if (authorUid === null) {
    return {
      orderBy: 'createdAt',
      limitToLast,
      ...(cursor && { endBefore: [cursor.value, cursor.key] }),
    };
  }
  if (cursor === null) return { orderBy: 'uid', equalTo: authorUid, limitToLast };
  return { orderBy: 'uid', startAt: [authorUid], endBefore: [authorUid, cursor.key], limitToLast };
}

export interface FeedPage {
  cards: FeedCard[];
  /** Cursor of the page after this one, or null when this is the last page. */
  next: FeedCursor | null;
}

/** Rows arrive oldest first; cards show newest first (docs/product.md#routes-and-screens). */
export function toFeedPage(
  rows: Array<{ key: string; value: FeedEntry }>,
  authorUid: string | null,
): FeedPage {
  const hasOlder = rows.length > CARDS_PER_PAGE;
  const shown = rows.slice(hasOlder ? rows.length - CARDS_PER_PAGE : 0).reverse();
  const cards = shown.map(({ key, value }) => ({ challengeId: key, entry: value }));
  const oldest = cards.at(-1);
  const next =
    hasOlder && oldest
      ? { value: authorUid ?? oldest.entry.createdAt ?? null, key: oldest.challengeId }
      : null;
  return { cards, next };
}

/** The URL parameter of the author filter (?author=uid). */
export const AUTHOR_PARAM = 'author';
