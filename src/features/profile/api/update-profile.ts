import { z } from '@/domain/zod';
import { profileBodySchema, profileInfoSchema, socialLinksSchema } from '@/domain/profile-schema';
import { writePaths } from '@/services/database';
import { dbPaths } from '@/domain/database-paths';
import type { MemberInfo, MemberPrivate, MemberSocial } from '@/domain/member-records';

export const MISSING_PROFILE_FIELDS_MESSAGE =
  'Some profile fields are missing. Please fill all fields.';

/** The five completeness fields (docs/product.md#validation), in form order. */
export const REQUIRED_PROFILE_FIELDS = [
  'location',
  'height',
  'weight',
  'age',
  'preference',
] as const;

/** The Edit profile form: every input is text until it is parsed. */
export interface ProfileFormValues {
  location: string;
  height: string;
  weight: string;
  age: string;
  preference: string;
  sex: string;
  activity: string;
  bio: string;
  facebook: string;
  instagram: string;
  twitter: string;
  linkedin: string;
}

const profileUpdateSchema = z.object({
  ...profileInfoSchema.shape,
  ...profileBodySchema.shape,
  ...socialLinksSchema.shape,
});

export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

export type ProfileFormErrors = Partial<Record<keyof ProfileFormValues, string>>;

const orUndefined = (value: string) => (value.trim() === '' ? undefined : value.trim());
const numberOrUndefined = (value: string) => (value.trim() === '' ? undefined : Number(value));

/** Form text → the records, with the domain's rules (ranges, https links on their own site). */
export function parseProfileForm(
  values: ProfileFormValues,
): { ok: true; update: ProfileUpdate } | { ok: false; errors: ProfileFormErrors } {
  const result = profileUpdateSchema.safeParse({
    location: orUndefined(values.location),
    preference: orUndefined(values.preference),
    bio: values.bio,
    height: numberOrUndefined(values.height),
    weight: numberOrUndefined(values.weight),
    age: numberOrUndefined(values.age),
    sex: orUndefined(values.sex),
    activity: orUndefined(values.activity),
    facebook: values.facebook,
    instagram: values.instagram,
    twitter: values.twitter,
    linkedin: values.linkedin,
  });
  if (result.success) return { ok: true, update: result.data };
  const errors: ProfileFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof ProfileFormValues;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

export function missingProfileFields(
  values: ProfileFormValues,
): Array<(typeof REQUIRED_PROFILE_FIELDS)[number]> {
  return REQUIRED_PROFILE_FIELDS.filter((field) => values[field].trim() === '');
}

export function profileFormDefaults(
  info: MemberInfo | null,
  body: MemberPrivate | null,
  social: MemberSocial | null,
): ProfileFormValues {
  const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
  return {
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
 * Public info and private body stats in one atomic multi-path write, field by
 * field so the server's fields (score, counters, joinAt) are never touched.
 */
export function saveProfileInfo(uid: string, update: ProfileUpdate): Promise<void> {
  const info = dbPaths.userInfo(uid);
  const body = dbPaths.userPrivate(uid);
  return writePaths({
    [`${info}/location`]: update.location,
    [`${info}/preference`]: update.preference,
    [`${info}/bio`]: update.bio ?? '',
    [`${body}/height`]: update.height,
    [`${body}/weight`]: update.weight,
    [`${body}/age`]: update.age,
    [`${body}/sex`]: update.sex ?? null,
    [`${body}/activity`]: update.activity ?? null,
  });
}

export function socialLinksOf(update: ProfileUpdate): Required<MemberSocial> {
  return {
    facebook: update.facebook ?? '',
    instagram: update.instagram ?? '',
    twitter: update.twitter ?? '',
    linkedin: update.linkedin ?? '',
  };
}

export function saveSocialLinks(uid: string, links: Required<MemberSocial>): Promise<void> {
  return writePaths({ [dbPaths.userSocial(uid)]: links });
}
