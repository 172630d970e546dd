/**
 * Everything the app keeps on this device, in one scheme (docs/architecture.md, "Device storage"). These keys
 * hold the member's own: their saved session, the challenge they opened last (an owner's plan: targets that
 * reveal body stats, proof URLs), the last addresses they opened. A value whose shape can change has a version
 * in its key. Public copies (cachedSnapshot, below) hold only what anyone may read. Whenever a session ends,
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

/**
 * The last copy of some public data a screen showed, kept in localStorage so the next visit can draw it at once
 * (marked as updating) while the live read runs. Each copy is saved for a scope, the view it belongs to (e.g. the
 * feed's page 1); only the `maxEntries` most recent are kept, and copies of another version or older than
 * `maxAgeMs` are ignored.
 *
 * PUBLIC DATA ONLY: a visitor's copies outlive every session and are readable by anyone at the keyboard, so
 * nothing a rule restricts to members or to an owner may be written here (above).
 */
export interface SnapshotCache<T> {
  /** The copy saved for `scope`, or null (none, another scope, outdated, or not valid any more). */
  read(scope: string): T | null;
  write(scope: string, value: T): void;
}

export interface SnapshotCacheOptions<T> {
  /** localStorage key; prefixed, so caches never meet the app's other keys. */
  name: string;
  /** Raise when the shape of T changes: older copies are then ignored. */
  version: number;
  /** Checks what was read back (storage can hold anything); returns null to reject it. */
  parse: (raw: unknown) => T | null;
  /** How many views (scopes) are kept, the most recently written first. */
  maxEntries?: number;
  maxAgeMs?: number;
  now?: () => number;
}

interface StoredEntry {
  scope: string;
  savedAt: number;
  value: unknown;
}

interface StoredSnapshots {
  version: number;
  /** Newest first. */
  entries: StoredEntry[];
}

const KEY_PREFIX = 'challangex.snapshot.';
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

function isStoredEntry(raw: unknown): raw is StoredEntry {
  if (raw === null || typeof raw !== 'object') return false;
  const { scope, savedAt } = raw as Partial<StoredEntry>;
  return typeof scope === 'string' && typeof savedAt === 'number';
}

export function cachedSnapshot<T>({
  name,
  version,
  parse,
  maxEntries = 1,
  maxAgeMs = WEEK_MS,
  now = Date.now,
}: SnapshotCacheOptions<T>): SnapshotCache<T> {
  const key = KEY_PREFIX + name;

  /** This version's entries still young enough; anything unreadable counts as none. */
  function storedEntries(): StoredEntry[] {
    try {
      const raw = localStorage.getItem(key);
      const stored = (raw === null ? null : JSON.parse(raw)) as Partial<StoredSnapshots> | null;
      if (stored?.version !== version || !Array.isArray(stored.entries)) return [];
      return stored.entries.filter((entry) => {
        if (!isStoredEntry(entry)) return false;
        const age = now() - entry.savedAt;
        return age >= 0 && age <= maxAgeMs;
      });
    } catch {
      return []; // Storage blocked, or the copy is not JSON.
    }
  }

  return {
    read(scope) {
      const entry = storedEntries().find((candidate) => candidate.scope === scope);
      return entry ? parse(entry.value) : null;
    },
    write(scope, value) {
      const others = storedEntries().filter((entry) => entry.scope !== scope);
      const entries = [{ scope, savedAt: now(), value }, ...others].slice(0, maxEntries);
      try {
        localStorage.setItem(key, JSON.stringify({ version, entries } satisfies StoredSnapshots));
      } catch {
        // Storage full or blocked (private mode): the next visit simply waits for live data.
      }
    },
  };
}
