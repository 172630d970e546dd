/**
 * Browser storage keys (docs/product.md#routes-and-screens). The addresses identify challenges and
 * profiles; these only remember the last ones opened, a convenience for old slug-only links.
 */
export const storageKeys = {
  user: 'user',
  loadProfile: 'loadProfile',
  currentChallenge: 'currentChallange',
  currentId: 'currentId',
} as const;

type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

export function readStored<T>(key: StorageKey): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: unknown): void {
  if (value === null || value === undefined) localStorage.removeItem(key);
  else localStorage.setItem(key, JSON.stringify(value));
}

export function clearStored(): void {
  localStorage.clear();
  sessionStorage.clear();
}
