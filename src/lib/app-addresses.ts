import { storageKeys, writeStored } from './device-storage';

/* The app's shareable addresses, built in one place (docs/product.md#routes-and-screens). */

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

/**
 * A member's shareable address: /profile/{displayName}/{uid}. The uid identifies the member; the name is for
 * people reading the link (docs/product.md#routes-and-screens).
 */
export function profilePath(displayName: string, uid: string): string {
  return `/profile/${encodeURIComponent(displayName)}/${encodeURIComponent(uid)}`;
}

/** Stores whose profile was opened last (loadProfile), a convenience only: the address identifies the member. */
export function rememberViewedProfile(uid: string): void {
  writeStored(storageKeys.loadProfile, uid);
}

/** Location state that makes the profile page open its Edit profile modal on arrival. */
export interface ProfileRouteState {
  editProfile?: boolean;
}
