import { z } from '@domain/zod';
import { displayNameField } from '@domain/form-fields';
import { displayNameProblem } from '@domain/members/member-identity';
import {
  profileBodySchema,
  profileInfoSchema,
  socialLinksSchema,
} from '@domain/members/profile-schema';

/** The message on each of the five completeness fields left blank (docs/product.md#validation). */
export const REQUIRED_FIELD_MESSAGE = 'This field is required';

/** The five completeness fields (docs/product.md#validation), in form order. */
export const REQUIRED_PROFILE_FIELDS = [
  'location',
  'height',
  'weight',
  'age',
  'preference',
] as const;

const blankAsUndefined = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** A required form field: blank is "required", anything else meets the domain's rule. */
function requiredText<Output>(rule: z.ZodType<Output, string>) {
  return z.string().trim().min(1, REQUIRED_FIELD_MESSAGE).pipe(rule);
}

function requiredNumber<Output>(rule: z.ZodType<Output, number>) {
  return z.string().trim().min(1, REQUIRED_FIELD_MESSAGE).transform(Number).pipe(rule);
}

function optionalChoice<Output>(rule: z.ZodType<Output, string | undefined>) {
  return z.string().transform(blankAsUndefined).pipe(rule);
}

/**
 * The Edit profile form: every input is text, parsed into the records' values with the rules of
 * profile-schema.ts (ranges, choices, https links on their own site) and the display name's bounds
 * and member-identity.ts's refusals (invisible characters, names posing as the product or its team).
 */
export const profileFormSchema = z.object({
  displayName: displayNameField().superRefine((name, context) => {
    const problem = displayNameProblem(name);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  }),
  location: requiredText(profileInfoSchema.shape.location),
  preference: requiredText(profileInfoSchema.shape.preference),
  height: requiredNumber(profileBodySchema.shape.height),
  weight: requiredNumber(profileBodySchema.shape.weight),
  age: requiredNumber(profileBodySchema.shape.age),
  sex: optionalChoice(profileBodySchema.shape.sex),
  activity: optionalChoice(profileBodySchema.shape.activity),
  bio: profileInfoSchema.shape.bio.unwrap(),
  facebook: socialLinksSchema.shape.facebook.unwrap(),
  instagram: socialLinksSchema.shape.instagram.unwrap(),
  twitter: socialLinksSchema.shape.twitter.unwrap(),
  linkedin: socialLinksSchema.shape.linkedin.unwrap(),
});

export type ProfileFormValues = z.input<typeof profileFormSchema>;
export type ProfileUpdate = z.output<typeof profileFormSchema>;
