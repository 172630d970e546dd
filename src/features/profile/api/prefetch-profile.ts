import { DATABASE_KEY, dbPaths } from '@domain/data/database-paths';
import { prefetchValue } from '@/services/database-prefetch';
import { whenSignedIn } from '@/services/saved-session';

/**
 * Starts reading the profile a shareable address names (its info, what use-member-profile.ts watches first) as
 * soon as the session is known, ahead of React, the router and the profile screen's code
 * (src/app/screen-loaders.ts calls it from the entry). Its social links and the owner's private part are read
 * once that info is on screen (use-member-profile.ts).
 */
export function prefetchProfile(uid: string | undefined) {
  if (!uid || !DATABASE_KEY.test(uid)) return;
  whenSignedIn(() => prefetchValue(dbPaths.userInfo(uid)));
}
