import type { Database } from 'firebase-admin/database';
import { INCOMPLETE_PROFILE_MESSAGE } from '../../src/domain/constants';
import { completeProfileSchema, type CompleteProfile } from '../../src/domain/profile-schema';
import { dbPaths } from '../../src/domain/database-paths';
import { HttpError } from './http-error';

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

/** The member's complete profile, or a 422 listing what is missing or invalid. */
export async function readCompleteProfile(
  database: Database,
  uid: string,
): Promise<CompleteProfile> {
  const [info, body] = await Promise.all([
    database.ref(dbPaths.userInfo(uid)).get(),
    database.ref(dbPaths.userPrivate(uid)).get(),
  ]);
  const result = profileFrom(info.val(), body.val());
  if (result.success) return result.data;
  const fields = [...new Set(result.error.issues.map((issue) => issue.path.map(String).join('.')))];
  throw new HttpError(422, INCOMPLETE_PROFILE_MESSAGE, { fields });
}
