import { isShowableFeedEntry, type FeedEntry } from '@domain/challenges/challenge-record';
import type { ChildQuery, Row } from '@domain/data/child-query';
import { dbPaths } from '@domain/data/database-paths';
import { childrenRead } from '@domain/data/read-descriptor';

export const CARDS_PER_PAGE = 5;

/** database.rules.json lets a feed query return at most this many rows. */
export const MAX_FEED_ROWS = 100;

/** Where the next (older) page starts: the order value and key of the oldest card shown. */
export interface FeedCursor {
  value: number | string | null;
  key: string;
}

export interface FeedCard {
  challengeId: string;
  entry: FeedEntry;
}

/** The cards of a page that can be shown (isShowableFeedEntry). */
export function showableCards(cards: FeedCard[]): FeedCard[] {
  return cards.filter((card) => isShowableFeedEntry(card.entry));
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

const isString = (value: unknown): value is string => typeof value === 'string';
const isOptional = (type: 'string' | 'number') => (value: unknown) =>
  value === undefined || typeof value === type;

/** A feed row read back from the device, checked field by field: storage may hold anything. */
function isKeptFeedRow(raw: unknown): raw is Row<FeedEntry> {
  const { key, value } = Object(raw) as { key?: unknown; value?: unknown };
  if (!isString(key) || value === null || typeof value !== 'object') return false;
  const entry = value as Record<keyof FeedEntry, unknown>;
  return (
    isString(entry.uid) &&
    isString(entry.title) &&
    typeof entry.day === 'number' &&
    typeof entry.createdAt === 'number' &&
    isOptional('number')(entry.updatedAt) &&
    [entry.preference, entry.targetBody, entry.displayName, entry.photoURL, entry.cover].every(
      isOptional('string'),
    )
  );
}

const keptFeedRows = (raw: unknown) =>
  Array.isArray(raw) &&
  raw.length > 0 &&
  raw.length <= CARDS_PER_PAGE + 1 &&
  raw.every(isKeptFeedRow)
    ? raw
    : null;

/**
 * One page of feed/ as a read descriptor: the entry's early read and the hook's watch. feed/ is public, so the
 * device keeps the last pages shown, drawn at once on the next visit (docs/architecture.md, "Repeat visits").
 */
export const feedPageRead = (authorUid: string | null, cursor: FeedCursor | null) => ({
  ...childrenRead<FeedEntry>(dbPaths.feed, feedPageQuery(authorUid, cursor), { who: 'public' }),
  keep: keptFeedRows,
});

export interface FeedPage {
  cards: FeedCard[];
  /** Cursor of the page after this one, or null when this is the last page. */
  next: FeedCursor | null;
}

/** The cursor of the page that starts after `card` (the oldest card of the page before it). */
export function cursorAfter(card: FeedCard, authorUid: string | null): FeedCursor {
  return { value: authorUid ?? card.entry.createdAt ?? null, key: card.challengeId };
}

/** Rows arrive oldest first; cards show newest first (docs/product.md#routes-and-screens). */
export function newestFirst(rows: Array<{ key: string; value: FeedEntry }>): FeedCard[] {
  return rows.map(({ key, value }) => ({ challengeId: key, entry: value })).reverse();
}

export function toFeedPage(
  rows: Array<{ key: string; value: FeedEntry }>,
  authorUid: string | null,
): FeedPage {
  const hasOlder = rows.length > CARDS_PER_PAGE;
  const cards = newestFirst(rows.slice(hasOlder ? rows.length - CARDS_PER_PAGE : 0));
  const oldest = cards.at(-1);
  const next = hasOlder && oldest ? cursorAfter(oldest, authorUid) : null;
  return { cards, next };
}

/** The URL parameter of the author filter (?author=uid). */
export const AUTHOR_PARAM = 'author';

/** The URL parameter of the page shown (?page=3); page 1 has none. */
export const PAGE_PARAM = 'page';
