import { DATABASE_KEY, dbPaths } from '@/domain/database-paths';
import { restoredUid } from '@/services/auth';
import { prefetchValue } from '@/services/database-prefetch';

/**
 * Starts reading the profile a shareable address names (its info, what use-member-profile.ts watches first) as
 * soon as the session is restored, ahead of the profile screen's code and render. Its social links and the
 * owner's private part are read once that info is on screen (use-member-profile.ts).
 */
export function prefetchProfile(uid: string | undefined) {
  if (!uid || !DATABASE_KEY.test(uid)) return;
  void restoredUid().then((viewerUid) => {
    if (viewerUid === null) return; // The login guard shows the sign-in page instead.
    prefetchValue(dbPaths.userInfo(uid));
  });
}
