import type { MemberInfo, MemberPrivate, MemberSocial } from '@domain/members/member-records';
import { DATABASE_KEY, dbPaths } from '@domain/data/database-paths';
import { valueRead } from '@domain/data/read-descriptor';
import { startRead } from '@/services/database-reads';

/** The profile's read descriptors (no React: the entry starts the first one, src/app/screen-loaders.ts). */
export const profileReads = {
  /** What the profile shows first (its main content). */
  info: (uid: string) => valueRead<MemberInfo>(dbPaths.userInfo(uid)),
  social: (uid: string) => valueRead<MemberSocial>(dbPaths.userSocial(uid)),
  body: (uid: string) => valueRead<MemberPrivate>(dbPaths.userPrivate(uid)),
};

/**
 * Starts reading the profile a shareable address names (its info) as soon as the session is known, ahead of
 * React, the router and the profile screen's code; use-member-profile.ts watches the same descriptor.
 */
export function prefetchProfile(uid: string | undefined) {
  if (uid && DATABASE_KEY.test(uid)) startRead(profileReads.info(uid));
}
