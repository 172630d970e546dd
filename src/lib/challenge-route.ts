import { storageKeys, writeStored } from './browser-storage';

/** The readable part of challange/:post-name; the ids themselves travel in browser storage (SPEC §2). */
export function challengeSlug(title: string): string {
  const slug = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'challenge';
}

/** Stores which challenge to open (SPEC §3: currentChallange, currentId) and returns its route. */
export function rememberChallenge(ownerId: string, challengeId: string, title: string): string {
  writeStored(storageKeys.currentChallenge, challengeId);
  writeStored(storageKeys.currentId, ownerId);
  return `/challange/${challengeSlug(title)}`;
}
