import type { ViewedChallenge } from '@/domain/viewed-challenge';

/**
 * The challenge this browser showed last, as its viewer saw it, so the next visit shows it at once while the
 * live copy loads. One entry only, kept per viewer (a member never sees another's cached plan), and removed
 * with the rest of browser storage on logout.
 */
const CACHE_KEY = 'challengeCache';

interface CacheEntry {
  viewerUid: string;
  ownerId: string;
  challengeId: string;
  viewed: ViewedChallenge;
}

function isCacheEntry(value: unknown): value is CacheEntry {
  const entry = value as Partial<CacheEntry> | null;
  return (
    typeof entry?.viewerUid === 'string' &&
    typeof entry.ownerId === 'string' &&
    typeof entry.challengeId === 'string' &&
    (entry.viewed?.view === 'owner' || entry.viewed?.view === 'summary') &&
    typeof entry.viewed.challenge?.title === 'string'
  );
}

/** The cached copy of this challenge for this viewer, or null (none, another one, or unreadable). */
export function readCachedChallenge(
  viewerUid: string,
  ownerId: string,
  challengeId: string,
): ViewedChallenge | null {
  try {
    const entry: unknown = JSON.parse(localStorage.getItem(CACHE_KEY) ?? 'null');
    if (!isCacheEntry(entry)) return null;
    const same =
      entry.viewerUid === viewerUid &&
      entry.ownerId === ownerId &&
      entry.challengeId === challengeId;
    return same ? entry.viewed : null;
  } catch {
    return null;
  }
}

/** Keeps the live copy for the next visit; null (gone or deleted) drops this challenge's copy. */
export function cacheChallenge(
  viewerUid: string,
  ownerId: string,
  challengeId: string,
  viewed: ViewedChallenge | null,
): void {
  try {
    if (viewed) {
      const entry: CacheEntry = { viewerUid, ownerId, challengeId, viewed };
      localStorage.setItem(CACHE_KEY, JSON.stringify(entry));
    } else if (readCachedChallenge(viewerUid, ownerId, challengeId)) {
      localStorage.removeItem(CACHE_KEY);
    }
  } catch {
    // A full or disabled storage only costs the next visit its head start.
  }
}
