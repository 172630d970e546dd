import type { FeedEntry } from '@domain/challenges/challenge-record';
import { cachedSnapshot } from '@/lib/device-storage';
import { CARDS_PER_PAGE, type FeedCard } from './feed-pages';

const isString = (value: unknown): value is string => typeof value === 'string';
const isOptionalString = (value: unknown) => value === undefined || isString(value);
const isOptionalNumber = (value: unknown) => value === undefined || typeof value === 'number';

/** A card read back from storage, checked field by field: storage may hold anything (an old build, a user). */
function asFeedCard(raw: unknown): FeedCard | null {
  if (raw === null || typeof raw !== 'object') return null;
  const { challengeId, entry } = raw as { challengeId?: unknown; entry?: unknown };
  if (!isString(challengeId) || entry === null || typeof entry !== 'object') return null;
  const fields = entry as Record<keyof FeedEntry, unknown>;
  const valid =
    isString(fields.uid) &&
    isString(fields.title) &&
    typeof fields.day === 'number' &&
    typeof fields.createdAt === 'number' &&
    isOptionalNumber(fields.updatedAt) &&
    [fields.preference, fields.targetBody, fields.displayName, fields.photoURL, fields.cover].every(
      isOptionalString,
    );
  return valid ? { challengeId, entry: entry as FeedEntry } : null;
}

function parseFeedCards(raw: unknown): FeedCard[] | null {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > CARDS_PER_PAGE) return null;
  const cards = raw.map(asFeedCard);
  return cards.every((card) => card !== null) ? cards : null;
}

/**
 * The last feed pages shown (feed/ is public, so the copies hold nothing private), drawn at once on the next
 * visit to the same page while the live read runs. A few pages, so paging on does not evict page 1.
 */
export const feedSnapshot = cachedSnapshot<FeedCard[]>({
  name: 'feed-pages',
  version: 1,
  parse: parseFeedCards,
  maxEntries: 3,
});

/** Which view a copy belongs to: the author filter and the page. */
export const feedSnapshotScope = (authorUid: string | null, page: number) =>
  `${authorUid ?? 'all'}|${page}`;
