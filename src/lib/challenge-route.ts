import { storageKeys, writeStored } from './browser-storage';

/** The readable part of challange/:post-name; the ids themselves travel in browser storage (docs/product.md#routes-and-screens). */
export function challengeSlug(title: string): string {
  const slug = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'challenge';
}

/** Stores which challenge to open (currentChallange, currentId; docs/product.md#routes-and-screens) and returns its route. */
export function rememberChallenge(ownerId: string, challengeId: string, title: string): string {
  writeStored(storageKeys.currentChallenge, challengeId);
  writeStored(storageKeys.currentId, ownerId);
  return `/challange/${challengeSlug(title)}`;
}
