/**
 * Everything the app keeps on this device, in one scheme (docs/architecture.md, "Device storage"). These keys
 * hold the member's own: their saved session, the challenge they opened last (an owner's plan: targets that
 * reveal body stats, proof URLs), the last addresses they opened. A value whose shape can change has a version
 * in its key. Public copies (cached-snapshot.ts) hold only what anyone may read. Whenever a session ends,
 * however it ends, clearMemberData() removes all of it.
 */
export const storageKeys = {
  session: 'challangex.v1.session',
  challenge: 'challangex.v1.challenge',
  loadProfile: 'loadProfile',
  currentChallenge: 'currentChallange',
  currentId: 'currentId',
} as const;

/** The service worker's cache of the project's Storage downloads: proof photos and avatars. */
export const STORAGE_IMAGES_CACHE = 'storage-images';

type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

export function readStored<T>(key: StorageKey): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

/** null or undefined removes the key. A full or blocked storage keeps nothing: the next visit only waits. */
export function writeStored(key: StorageKey, value: unknown): void {
  try {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Nothing kept.
  }
}

/** Leaves nothing of the member: local and session storage, and the worker's copies of Storage photos. */
export function clearMemberData(): void {
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // Storage blocked: nothing kept.
  }
  if (typeof caches !== 'undefined') void caches.delete(STORAGE_IMAGES_CACHE).catch(() => {});
}
