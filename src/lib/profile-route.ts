import { storageKeys, writeStored } from './browser-storage';

/** profile/{displayName} (docs/product.md#routes-and-screens); the uid itself travels in browser storage. */
export function profilePath(displayName: string): string {
  return `/profile/${encodeURIComponent(displayName)}`;
}

export function rememberViewedProfile(uid: string): void {
  writeStored(storageKeys.loadProfile, uid);
}

/** Location state that makes the profile page open its Edit profile modal on arrival. */
export interface ProfileRouteState {
  editProfile?: boolean;
}
