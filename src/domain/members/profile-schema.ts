import { z } from '@domain/zod';
import {
  ACTIVITY_LEVELS,
  INPUT_LIMITS,
  LOCATIONS,
  PREFERENCES,
  SEXES,
  type ActivityLevel,
} from '@domain/constants';

const SOCIAL_SITES = {
  facebook: ['facebook.com', 'fb.com'],
  instagram: ['instagram.com'],
  twitter: ['twitter.com', 'x.com'],
  linkedin: ['linkedin.com'],
} as const;
export type SocialSite = keyof typeof SOCIAL_SITES;

/** True for an https URL on one of the hosts (or their subdomains). */
export function isHttpsUrlOn(value: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  return (
    url.protocol === 'https:' && hosts.some((site) => host === site || host.endsWith(`.${site}`))
  );
}

function socialLink(site: SocialSite) {
  return z
    .string()
    .trim()
    .max(INPUT_LIMITS.url)
    .refine((value) => value === '' || isHttpsUrlOn(value, SOCIAL_SITES[site]), {
      message: `Must be an https link on ${SOCIAL_SITES[site][0]}`,
    });
}

function measurement(label: string, { min, max }: { min: number; max: number }) {
  return z
    .number({ error: `${label} is required` })
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);
}

/** users/{uid}/info fields a member edits (docs/product.md#validation: location and preference required, bio optional). */
export const profileInfoSchema = z.object({
  location: z.enum(LOCATIONS, { error: 'Choose a location' }),
  preference: z.enum(PREFERENCES, { error: 'Choose a preference' }),
  bio: z.string().trim().max(INPUT_LIMITS.bio).optional(),
});

/** users/{uid}/private body stats (docs/product.md#validation: height, weight, age required; sex and activity optional). */
export const profileBodySchema = z.object({
  height: measurement('Height', INPUT_LIMITS.height),
  weight: measurement('Weight', INPUT_LIMITS.weight),
  age: measurement('Age', INPUT_LIMITS.age).int('Age must be a whole number'),
  sex: z.enum(SEXES).optional(),
  activity: z.enum(ACTIVITY_LEVELS as [ActivityLevel, ...ActivityLevel[]]).optional(),
});

/** users/{uid}/social: optional, each an https link on its own site or empty. */
export const socialLinksSchema = z.object({
  facebook: socialLink('facebook').optional(),
  instagram: socialLink('instagram').optional(),
  twitter: socialLink('twitter').optional(),
  linkedin: socialLink('linkedin').optional(),
});

/** Everything a challenge needs from a profile: the five completeness fields of docs/product.md#validation plus optional extras. */
export const completeProfileSchema = profileInfoSchema.extend(profileBodySchema.shape);

export type ProfileInfo = z.infer<typeof profileInfoSchema>;
export type ProfileBody = z.infer<typeof profileBodySchema>;
export type SocialLinks = z.infer<typeof socialLinksSchema>;
export type CompleteProfile = z.infer<typeof completeProfileSchema>;
