import { z } from '@domain/zod';
import { dbPaths } from '@domain/data/database-paths';
import {
  profileFormSchema,
  REQUIRED_PROFILE_FIELDS,
  type ProfileFormValues,
} from '@domain/members/profile-form-schema';
import { completeProfileSchema } from '@domain/members/profile-schema';
import { readValue, writePaths } from '@/services/database';

/**
 * "Set up your plan" (docs/product.md, "First run"): the five profile fields a plan needs
 * (docs/product.md#validation), asked only where the member's profile lacks them, checked with the Edit
 * profile form's rules and written to the same paths the profile writes (src/features/profile/api/update-profile.ts),
 * which the database rules validate again.
 */

export type PlanField = (typeof REQUIRED_PROFILE_FIELDS)[number];
export type PlanFieldValues = Partial<Pick<ProfileFormValues, PlanField>>;

/** Where each field is stored: the public info or the private body stats (DESIGN's data model). */
const STORED_IN: Record<PlanField, 'info' | 'private'> = {
  location: 'info',
  preference: 'info',
  height: 'private',
  weight: 'private',
  age: 'private',
};

/** The plan fields the member's stored profile lacks (or holds in a shape the rules would now refuse), in form order. */
export async function missingPlanFields(uid: string): Promise<PlanField[]> {
  const [info, body] = await Promise.all([
    readValue<Record<string, unknown>>(dbPaths.userInfo(uid)),
    readValue<Record<string, unknown>>(dbPaths.userPrivate(uid)),
  ]);
  const stored = { ...info, ...body };
  return REQUIRED_PROFILE_FIELDS.filter(
    (field) => !completeProfileSchema.shape[field].safeParse(stored[field]).success,
  );
}

/** The form's checks for just `fields`: the Edit profile form's, field for field. */
export function planFieldsSchema(
  fields: readonly PlanField[],
): z.ZodType<Record<string, unknown>, PlanFieldValues> {
  return z.object(
    Object.fromEntries(fields.map((field) => [field, profileFormSchema.shape[field]])),
  ) as unknown as z.ZodType<Record<string, unknown>, PlanFieldValues>;
}

/** The multi-path update that stores the checked `values` (only the fields given). */
export function planFieldWrites(
  uid: string,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const writes: Record<string, unknown> = {};
  for (const field of REQUIRED_PROFILE_FIELDS) {
    if (values[field] === undefined) continue;
    const record = STORED_IN[field] === 'info' ? dbPaths.userInfo(uid) : dbPaths.userPrivate(uid);
    writes[`${record}/${field}`] = values[field];
  }
  return writes;
}

/** Stores the values `planFieldsSchema` gave (numbers as numbers) in one atomic write. */
export function savePlanFields(uid: string, checked: Record<string, unknown>): Promise<void> {
  return writePaths(planFieldWrites(uid, checked));
}
