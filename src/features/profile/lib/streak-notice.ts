/**
 * Which broken streak the member has already been told about, per member on this device: the
 * notice is said once per break (docs/product.md, "Streaks"). Storage failures only mean the
 * notice may be said again.
 */
const key = (uid: string) => `streakNoticeSeen:${uid}`;

export function streakNoticeSeen(uid: string, brokenOn: string): boolean {
  try {
    return localStorage.getItem(key(uid)) === brokenOn;
  } catch {
    return false;
  }
}

export function markStreakNoticeSeen(uid: string, brokenOn: string): void {
  try {
    localStorage.setItem(key(uid), brokenOn);
  } catch {
    // Private mode or a full storage: nothing to keep.
  }
}
