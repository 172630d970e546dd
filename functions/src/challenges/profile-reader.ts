import type { Database } from 'firebase-admin/database';
import { INCOMPLETE_PROFILE_MESSAGE } from '@domain/constants';
import {
  acceptedPhotoUrl,
  publicDisplayName,
  type PhotoSources,
} from '@domain/members/member-identity';
import { storedMemberTimeZone, type MemberTimeZone } from '@domain/members/member-time-zone';
import { completeProfileSchema, type CompleteProfile } from '@domain/members/profile-schema';
import type { MemberIdentity } from './challenge-records';
import { dbPaths } from '@domain/data/database-paths';
import { HttpError } from '../http/http-error';

type StoredRecord = Record<string, unknown> | null;

/** Forms may have stored numbers as text; the schema still bounds them. */
function numeric(value: unknown): unknown {
  return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
    ? Number(value)
    : value;
}

export function profileFrom(info: StoredRecord, body: StoredRecord) {
  return completeProfileSchema.safeParse({
    location: info?.location,
    preference: info?.preference,
    height: numeric(body?.height),
    weight: numeric(body?.weight),
    age: numeric(body?.age),
    sex: body?.sex || undefined,
    activity: body?.activity || undefined,
  });
}

export interface ChallengeCreator {
  profile: CompleteProfile;
  identity: MemberIdentity;
  timeZone: MemberTimeZone | undefined;
}

/**
 * What a new challenge takes from the member's records; a 422 listing what is missing or invalid.
 * The name and photo are copied into the challenge and its public feed entry, so they pass
 * member-identity.ts's checks again: a record stored before the rules refused a look-alike name or
 * a photo on another host must not spread ("Member" and no photo instead; docs/security.md).
 */
export async function readChallengeCreator(
  database: Database,
  uid: string,
  photoSources: PhotoSources,
): Promise<ChallengeCreator> {
  const [infoSnapshot, bodySnapshot] = await Promise.all([
    database.ref(dbPaths.userInfo(uid)).get(),
    database.ref(dbPaths.userPrivate(uid)).get(),
  ]);
  const [info, body] = [infoSnapshot.val() as StoredRecord, bodySnapshot.val() as StoredRecord];
  const result = profileFrom(info, body);
  if (!result.success) {
    const fields = [
      ...new Set(result.error.issues.map((issue) => issue.path.map(String).join('.'))),
    ];
    throw new HttpError(422, 'profile-incomplete', INCOMPLETE_PROFILE_MESSAGE, { fields });
  }
  return {
    profile: result.data,
    identity: {
      displayName: publicDisplayName(info?.displayName),
      photoURL: acceptedPhotoUrl(info?.photoURL, photoSources),
    },
    timeZone: storedMemberTimeZone(body),
  };
}

/** The zone kept in the member's private record (read again under the creation lock). */
export async function readMemberTimeZone(
  database: Database,
  uid: string,
): Promise<MemberTimeZone | undefined> {
  return storedMemberTimeZone((await database.ref(dbPaths.userPrivate(uid)).get()).val());
}
