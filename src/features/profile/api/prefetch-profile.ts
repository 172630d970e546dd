import { DATABASE_KEY, dbPaths } from '@/domain/database-paths';
import { restoredUid } from '@/services/auth';
import { prefetchValue } from '@/services/database-prefetch';

/**
 * Starts reading the profile a shareable address names (what use-member-profile.ts watches) as soon as the
 * session is restored, ahead of the profile screen's code and render; the private part for its owner only.
 */
export function prefetchProfile(uid: string | undefined) {
  if (!uid || !DATABASE_KEY.test(uid)) return;
  void restoredUid().then((viewerUid) => {
    if (viewerUid === null) return; // The login guard shows the sign-in page instead.
    prefetchValue(dbPaths.userInfo(uid));
    prefetchValue(dbPaths.userSocial(uid));
    if (viewerUid === uid) prefetchValue(dbPaths.userPrivate(uid));
  });
}
