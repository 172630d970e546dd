import type { ChildQuery } from '@domain/data/child-query';
import type { FeedEntry } from '@domain/challenges/challenge-record';
import {
  PAGE_PARAM,
  CARDS_PER_PAGE,
  MAX_FEED_ROWS,
  cursorAfter,
  feedPageQuery,
  newestFirst,
  type FeedCursor,
} from './feed-pages';

/**
 * Page numbers over a cursor-paged feed (docs/architecture.md#feed-paging). Nothing counts the whole feed: the
 * pages known are those read so far, and the total is exact once a read has reached the oldest challenge.
 */

/** ?page=N → N; no parameter → 1; anything but a whole number ≥ 1 → null (the screen says it is no page). */
export function pageFromParam(raw: string | null): number | null {
  if (raw === null) return 1;
  if (!/^\d{1,6}$/.test(raw)) return null;
  const page = Number(raw);
  return page >= 1 ? page : null;
}

/** The URL parameters showing `page`, the others (the author filter) kept. */
export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page <= 1) next.delete(PAGE_PARAM);
  else next.set(PAGE_PARAM, String(page));
  return next;
}

/** The pages found so far: cursors[i] starts page i + 1; `complete` when the last of them is the feed's last. */
export interface KnownPages {
  cursors: Array<FeedCursor | null>;
  complete: boolean;
}

export const FIRST_PAGE_KNOWN: KnownPages = { cursors: [null], complete: false };

const sameCursor = (a: FeedCursor | null | undefined, b: FeedCursor | null | undefined) =>
  a?.key === b?.key && a?.value === b?.value;

/**
 * After page `index` (0-based) was read with `next` as the cursor of the page after it. New or deleted challenges
 * move page boundaries: when `next` differs from the one known, the cursors beyond this page are stale.
 */
export function afterPageRead(
  known: KnownPages,
  index: number,
  next: FeedCursor | null,
): KnownPages {
  const { cursors } = known;
  if (next === null) {
    return cursors.length === index + 1 && known.complete
      ? known
      : { cursors: cursors.slice(0, index + 1), complete: true };
  }
  if (cursors.length > index + 1 && sameCursor(cursors[index + 1], next)) return known;
  return { cursors: [...cursors.slice(0, index + 1), next], complete: false };
}

/** Page `index` came back empty (its challenges were deleted or hidden): its cursor is stale, find it again. */
export function afterPageVanished(known: KnownPages, index: number): KnownPages {
  return { cursors: known.cursors.slice(0, Math.max(1, index)), complete: false };
}

/** One read may reveal at most this many pages (the rules cap a feed query's rows). */
export const MAX_SEEK_PAGES = Math.floor((MAX_FEED_ROWS - 1) / CARDS_PER_PAGE);

/**
 * The read that finds the cursor of page `targetIndex` (0-based) when only earlier ones are known (a shared
 * ?page=N link, or Back to a page whose cursor went stale): the cards from the last known page onwards, plus
 * one row to learn whether more follow, at most MAX_SEEK_PAGES pages at a time.
 */
export function seekQuery(
  authorUid: string | null,
  known: KnownPages,
  targetIndex: number,
): ChildQuery {
  const lastKnown = known.cursors.length - 1;
  const pages = Math.min(Math.max(1, targetIndex - lastKnown), MAX_SEEK_PAGES);
  return {
    ...feedPageQuery(authorUid, known.cursors[lastKnown] ?? null),
    limitToLast: pages * CARDS_PER_PAGE + 1,
  };
}

/** The pages a seek revealed: rows oldest first, as the database returns them for `spec`. */
export function afterSeek(
  known: KnownPages,
  rows: Array<{ key: string; value: FeedEntry }>,
  authorUid: string | null,
  spec: ChildQuery,
): KnownPages {
  const cards = newestFirst(rows);
  const found: FeedCursor[] = [];
  for (let end = CARDS_PER_PAGE; end < cards.length; end += CARDS_PER_PAGE) {
    found.push(cursorAfter(cards[end - 1], authorUid));
  }
  // Fewer rows than asked for: the oldest challenge is among them.
  const complete = rows.length < (spec.limitToLast ?? Infinity);
  return { cursors: [...known.cursors, ...found], complete };
}

/** What the paging controls show: the page numbers known, with gaps, and the count. */
export type PageItem = number | 'gap';

/** The first, the last and the neighbours of the current page; a gap stands for the numbers in between. */
export function pageItems(page: number, pageCount: number): PageItem[] {
  const shown = [...new Set([1, page - 1, page, page + 1, pageCount])]
    .filter((number) => number >= 1 && number <= pageCount)
    .sort((a, b) => a - b);
  const items: PageItem[] = [];
  shown.forEach((number, position) => {
    const before = shown[position - 1];
    if (before !== undefined && number - before === 2) items.push(before + 1);
    else if (before !== undefined && number - before > 2) items.push('gap');
    items.push(number);
  });
  return items;
}

/** "Page 2 of 4", or "Page 2 of 4 or more" while no read has reached the oldest challenge. */
export function pageCountLabel(page: number, pageCount: number, complete: boolean): string {
  return `Page ${page} of ${pageCount}${complete ? '' : ' or more'}`;
}
