import { storageKeys, writeStored } from './browser-storage';

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
