import { storageKeys, writeStored } from './browser-storage';

/** The readable part of a challenge's address, made from its title (docs/product.md#routes-and-screens). */
export function challengeSlug(title: string): string {
  const slug = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'challenge';
}

/**
 * A challenge's shareable address: /challange/{slug}/{ownerId}/{challengeId}. The owner and id identify it;
 * the slug is only for people reading the link (docs/product.md#routes-and-screens).
 */
export function challengePath(ownerId: string, challengeId: string, title: string): string {
  return `/challange/${challengeSlug(title)}/${encodeURIComponent(ownerId)}/${encodeURIComponent(challengeId)}`;
}

/**
 * Also stores which challenge was opened last (currentChallange, currentId), a convenience only: the address
 * identifies the challenge, never browser storage.
 */
export function rememberChallenge(ownerId: string, challengeId: string, title: string): string {
  writeStored(storageKeys.currentChallenge, challengeId);
  writeStored(storageKeys.currentId, ownerId);
  return challengePath(ownerId, challengeId, title);
}
