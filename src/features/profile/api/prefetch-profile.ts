import { DATABASE_KEY, dbPaths } from '@/domain/database-paths';
import { prefetchValue } from '@/services/database-prefetch';
import { restoredUid } from '@/services/saved-session';

/**
 * Starts reading the profile a shareable address names (its info, what use-member-profile.ts watches first) as
 * soon as the session is known, ahead of React, the router and the profile screen's code
 * (src/app/screen-loaders.ts calls it from the entry). Its social links and the owner's private part are read
 * once that info is on screen (use-member-profile.ts).
 */
export function prefetchProfile(uid: string | undefined) {
  if (!uid || !DATABASE_KEY.test(uid)) return;
  void restoredUid()
    .then((viewerUid) => {
      if (viewerUid === null) return; // The login guard shows the sign-in page instead.
      prefetchValue(dbPaths.userInfo(uid));
    })
    .catch(() => {}); // The screen's own read reports a failure.
}
