import type { ViewedChallenge } from '@domain/challenges/viewed-challenge';
import { readStored, storageKeys, writeStored } from '@/lib/device-storage';

/**
 * The challenge this browser showed last, as its viewer saw it, so the next visit shows it at once while the
 * live copy loads. One entry only, kept per viewer (a member never sees another's cached plan). It is the
 * member's own data (an owner's plan and proofs): removed whenever their session ends (src/lib/device-storage.ts).
 */
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
    // The view's shape is this build's (the key's version says so); a value someone typed in is still refused.
    typeof entry.viewed?.view === 'string' &&
    typeof entry.viewed.challenge?.title === 'string'
  );
}

/** The cached copy of this challenge for this viewer, or null (none, another one, or unreadable). */
export function readCachedChallenge(
  viewerUid: string,
  ownerId: string,
  challengeId: string,
): ViewedChallenge | null {
  const entry = readStored<unknown>(storageKeys.challenge);
  if (!isCacheEntry(entry)) return null;
  const same =
    entry.viewerUid === viewerUid && entry.ownerId === ownerId && entry.challengeId === challengeId;
  return same ? entry.viewed : null;
}

/** Keeps the live copy for the next visit; null (gone or deleted) drops this challenge's copy. */
export function cacheChallenge(
  viewerUid: string,
  ownerId: string,
  challengeId: string,
  viewed: ViewedChallenge | null,
): void {
  if (viewed) writeStored(storageKeys.challenge, { viewerUid, ownerId, challengeId, viewed });
  else if (readCachedChallenge(viewerUid, ownerId, challengeId))
    writeStored(storageKeys.challenge, null);
}
