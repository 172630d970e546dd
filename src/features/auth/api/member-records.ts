import { acceptedPhotoUrl, memberDisplayName } from '@domain/members/member-identity';
import { photoSources } from '@/services/firebase-config';
import type { SessionUser } from '@/services/auth';
import { readValue, SERVER_TIME, writePaths } from '@/services/database';
import { dbPaths } from '@domain/data/database-paths';

/** A member who has just signed in; `isNewMember` when this sign-in made their records (their first). */
export type SignedInMember = SessionUser & { isNewMember?: boolean };

/**
 * First sign-in only: creates the member's public info and private records
 * (docs/product.md#states-and-transitions).
 * Later sign-ins leave them alone so edits and joinAt survive.
 * joinAt and createdAt are the server's clock (the rules accept nothing else).
 */
export async function ensureMemberRecords(user: SessionUser): Promise<SignedInMember> {
  const existing = await readValue<{ uid: string }>(dbPaths.userInfo(user.uid));
  if (existing) return { ...user, isNewMember: false };
  await writePaths(firstSignInWrites(user));
  return { ...user, isNewMember: true };
}

/** The update ensureMemberRecords sends at a member's first sign-in. */
export function firstSignInWrites(user: SessionUser) {
  return {
    [dbPaths.userInfo(user.uid)]: {
      uid: user.uid,
      displayName: memberDisplayName(user),
      // Only Google's account photos and the project's bucket (the rules refuse any other host).
      photoURL: acceptedPhotoUrl(user.photoURL ?? '', photoSources),
      joinAt: SERVER_TIME,
      createdAt: SERVER_TIME,
    },
    [dbPaths.userPrivate(user.uid)]: {
      email: user.email ?? '',
      emailVerified: user.emailVerified,
    },
  };
}
