import type { ProfileFormValues, ProfileUpdate } from '@domain/members/profile-form-schema';
import { writePaths } from '@/services/database';
import { dbPaths } from '@domain/data/database-paths';
import type { MemberInfo, MemberPrivate, MemberSocial } from '@domain/members/member-records';
import { refreshMemberCopies } from './refresh-member-copies';

export const MISSING_PROFILE_FIELDS_MESSAGE =
  'Some profile fields are missing. Please fill all fields.';

export function profileFormDefaults(
  info: MemberInfo | null,
  body: MemberPrivate | null,
  social: MemberSocial | null,
): ProfileFormValues {
  const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
  return {
    displayName: text(info?.displayName),
    location: text(info?.location),
    preference: text(info?.preference),
    bio: text(info?.bio),
    height: text(body?.height),
    weight: text(body?.weight),
    age: text(body?.age),
    sex: text(body?.sex),
    activity: text(body?.activity),
    facebook: text(social?.facebook),
    instagram: text(social?.instagram),
    twitter: text(social?.twitter),
    linkedin: text(social?.linkedin),
  };
}

/**
 * Public info (the display name included) and private body stats in one atomic multi-path write,
 * field by field so the server's fields (score, counters, joinAt) are never touched.
 */
export function saveProfileInfo(uid: string, update: ProfileUpdate): Promise<void> {
  return writePaths(profileWrites(uid, update));
}

/** The multi-path update `saveProfileInfo` sends (the rules matrix sends the same). */
export function profileWrites(uid: string, update: ProfileUpdate): Record<string, unknown> {
  const info = dbPaths.userInfo(uid);
  const body = dbPaths.userPrivate(uid);
  return {
    [`${info}/displayName`]: update.displayName,
    [`${info}/location`]: update.location,
    [`${info}/preference`]: update.preference,
    [`${info}/bio`]: update.bio,
    [`${body}/height`]: update.height,
    [`${body}/weight`]: update.weight,
    [`${body}/age`]: update.age,
    [`${body}/sex`]: update.sex ?? null,
    [`${body}/activity`]: update.activity ?? null,
  };
}

/**
 * After a new display name is stored in info: the Auth profile (the header's name) takes it, and
 * the API copies it onto the member's feed entries and leaderboard rows.
 */
export async function spreadDisplayName(displayName: string): Promise<void> {
  // Imported, not bundled with the profile page, which renders before Auth loads (src/services/saved-session.ts).
  const { updateMemberProfile } = await import('@/services/auth');
  await updateMemberProfile({ displayName });
  await refreshMemberCopies();
}

export function socialLinksOf(update: ProfileUpdate): Required<MemberSocial> {
  return {
    facebook: update.facebook,
    instagram: update.instagram,
    twitter: update.twitter,
    linkedin: update.linkedin,
  };
}

export function saveSocialLinks(uid: string, links: Required<MemberSocial>): Promise<void> {
  return writePaths(socialLinksWrites(uid, links));
}

/** The update `saveSocialLinks` sends: all four links at once (the rules matrix sends the same). */
export function socialLinksWrites(
  uid: string,
  links: Required<MemberSocial>,
): Record<string, unknown> {
  return { [dbPaths.userSocial(uid)]: links };
}
