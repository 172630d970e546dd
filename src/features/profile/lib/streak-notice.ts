import { readStored, storageKeys, writeStored } from '@/lib/device-storage';

/**
 * Which broken streak the member has already been told about, per member on this device: the
 * notice is said once per break (docs/product.md, "Streaks"). Storage failures only mean the
 * notice may be said again.
 */
type SeenBreaks = Record<string, string>;

function seenBreaks(): SeenBreaks {
  const stored = readStored<unknown>(storageKeys.streakNoticeSeen);
  return stored && typeof stored === 'object' ? (stored as SeenBreaks) : {};
}

export function streakNoticeSeen(uid: string, brokenOn: string): boolean {
  return seenBreaks()[uid] === brokenOn;
}

export function markStreakNoticeSeen(uid: string, brokenOn: string): void {
  writeStored(storageKeys.streakNoticeSeen, { ...seenBreaks(), [uid]: brokenOn });
}
