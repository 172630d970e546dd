import type { Database } from 'firebase-admin/database';
import { dbPaths } from '@domain/data/database-paths';

/**
 * A member keeps their latest NOTICES_KEPT notices (cheers and nudges, users/{uid}/notices): each new notice
 * removes the ones older than those, so the list stays bounded however many a member receives
 * (docs/security.md, "Bounded stores").
 */
export const NOTICES_KEPT = 50;
/** Notices removed by one call: more than a burst of parallel notices can add past the limit. */
const TRIM_BATCH = 200;

/**
 * Removes the member's notices older than their latest NOTICES_KEPT (by `at`, then key). Two bounded reads:
 * the oldest notice kept, then what lies before it. Call it after writing a notice; running twice is harmless.
 */
export async function keepLatestNotices(database: Database, uid: string): Promise<void> {
  const notices = database.ref(dbPaths.notices(uid));
  const kept = await notices.orderByChild('at').limitToLast(NOTICES_KEPT).get();
  if (kept.numChildren() < NOTICES_KEPT) return;
  let oldestKept: { at: unknown; key: string } | undefined;
  kept.forEach((notice) => {
    oldestKept ??= { at: notice.child('at').val(), key: notice.key! };
  });
  if (!oldestKept || typeof oldestKept.at !== 'number') return;
  const older = await notices
    .orderByChild('at')
    .endBefore(oldestKept.at, oldestKept.key)
    .limitToFirst(TRIM_BATCH)
    .get();
  const removals: Record<string, null> = {};
  older.forEach((notice) => {
    removals[`${dbPaths.notices(uid)}/${notice.key!}`] = null;
  });
  if (Object.keys(removals).length > 0) await database.ref().update(removals);
}
