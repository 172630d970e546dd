/**
 * Everything the app keeps on this device, in one scheme (docs/architecture.md, "Device storage"). These keys
 * hold the member's own: their saved session, the challenge they opened last (an owner's plan: targets that
 * reveal body stats, proof URLs), the last addresses they opened. A value whose shape can change has a version
 * in its key. Kept copies of public reads (below) hold only what anyone may read. Whenever a session ends,
 * however it ends, clearMemberData() removes all of it.
 */
export const storageKeys = {
  session: 'challangex.v1.session',
  /** Not the member's: copies of public reads (readKeptCopy, below), kept while nobody signs in or out. */
  kept: 'challangex.v2.kept',
  challenge: 'challangex.v1.challenge',
  loadProfile: 'loadProfile',
  currentChallenge: 'currentChallange',
  currentId: 'currentId',
  /** Which broken streak each member on this device was told of: the notice is said once per break. */
  streakNoticeSeen: 'challangex.v1.streak-notice-seen',
  /** Where each page was left (src/app/shell/scroll-restoration.tsx); in sessionStorage: this tab only. */
  scrollPositions: 'challangex.v1.scroll-positions',
  /** The id the server gave this device's push subscription (src/services/web-push.ts). */
  pushDevice: 'challangex.v1.push-device',
  /** Emulator builds only: the subscription the local push service minted for this browser. */
  localPushSubscription: 'challangex.v1.local-push-subscription',
} as const;

/**
 * The IndexedDB database of proof photos waiting for the network (src/services/waiting-proofs.ts): the
 * member's own photos, removed once uploaded, never kept past 48 hours, and deleted with the rest here.
 */
export const WAITING_PROOFS_DB = 'challangex.v1.waiting-proofs';

/** The service worker's cache of the project's Storage downloads: proof photos and avatars. */
export const STORAGE_IMAGES_CACHE = 'storage-images';

type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

/** The keys that live with the tab (sessionStorage); every other key lives with the device (localStorage). */
export const TAB_STORAGE_KEYS: readonly StorageKey[] = [storageKeys.scrollPositions];

function areaOf(key: StorageKey): Storage {
  return TAB_STORAGE_KEYS.includes(key) ? sessionStorage : localStorage;
}

export function readStored<T>(key: StorageKey): T | null {
  try {
    const raw = areaOf(key).getItem(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

/** null or undefined removes the key. A full or blocked storage keeps nothing: the next visit only waits. */
export function writeStored(key: StorageKey, value: unknown): void {
  try {
    if (value === null || value === undefined) areaOf(key).removeItem(key);
    else areaOf(key).setItem(key, JSON.stringify(value));
  } catch {
    // Nothing kept.
  }
}

/** Dispatched on window once clearMemberData() has run: what holds a stored value in memory drops it too. */
export const MEMBER_DATA_CLEARED = 'challangex:member-data-cleared';

/**
 * Leaves nothing of the member: local and session storage, the worker's copies of Storage photos, and
 * the proof photos waiting on this device.
 */
export function clearMemberData(): void {
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // Storage blocked: nothing kept.
  }
  if (typeof caches !== 'undefined') void caches.delete(STORAGE_IMAGES_CACHE).catch(() => {});
  try {
    // Open connections close on the delete's versionchange (waiting-proofs.ts), so it is not blocked.
    if (typeof indexedDB !== 'undefined') indexedDB.deleteDatabase(WAITING_PROOFS_DB);
  } catch {
    // IndexedDB blocked: nothing kept there either.
  }
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(MEMBER_DATA_CLEARED));
}

/** How many public reads keep a copy, the most recently answered first; a copy older than a week is ignored. */
const KEPT_COPIES = 3;
const KEPT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

interface KeptCopy {
  identity: string;
  savedAt: number;
  value: unknown;
}

/** The copies still young enough; anything unreadable counts as none. */
function keptCopies(now: number): KeptCopy[] {
  const stored = readStored<unknown>(storageKeys.kept);
  if (!Array.isArray(stored)) return [];
  return stored.filter((copy: Partial<KeptCopy> | null) => {
    const age = now - (typeof copy?.savedAt === 'number' ? copy.savedAt : Number.NaN);
    return typeof copy?.identity === 'string' && age >= 0 && age <= KEPT_MAX_AGE_MS;
  });
}

/**
 * The copy kept of a public read (by its identity, src/domain/data/read-descriptor.ts), unchecked; null when
 * there is none. PUBLIC DATA ONLY is kept: the copies outlive every session and anyone at the keyboard can read
 * them (src/services/database.ts keeps only public reads).
 */
export function readKeptCopy(identity: string): unknown {
  return keptCopies(Date.now()).find((copy) => copy.identity === identity)?.value ?? null;
}

export function keepCopy(identity: string, value: unknown): void {
  const now = Date.now();
  const others = keptCopies(now).filter((copy) => copy.identity !== identity);
  writeStored(
    storageKeys.kept,
    [{ identity, savedAt: now, value }, ...others].slice(0, KEPT_COPIES),
  );
}
