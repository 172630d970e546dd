import { z } from '@domain/zod';
import { isCalendarDate, isValidTimeZone } from '@domain/calendar-dates';
import { challengeTitleField } from '@domain/form-fields';
import { CHALLENGE_DAYS, INPUT_LIMITS, PREFERENCES, TARGET_BODIES } from '@domain/constants';
import { GROUP_ACCESS } from '@domain/challenges/group-records';

/** http(s) only; plain http is for the local emulators' download URLs. */
export function isWebUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value ?? '');

/** The generate payload plus time zone and an optional start date (docs/product.md#challenge-generation). */
export const generateRequestSchema = z.strictObject({
  title: challengeTitleField(),
  day: z.number().int().min(CHALLENGE_DAYS.min).max(CHALLENGE_DAYS.max),
  user_id: z.string().min(1).max(128),
  preference: z.enum(PREFERENCES),
  targetBody: z.enum(TARGET_BODIES),
  /** Accepted in the documented payload (docs/product.md) but not trusted: the server copies both from users/{uid}/info. */
  displayName: optionalText(INPUT_LIMITS.displayName),
  photoURL: optionalText(INPUT_LIMITS.url).refine(
    (value) => value === '' || isWebUrl(value),
    'Must be an http(s) URL',
  ),
  /** The device's zone: sets the member's zone at their first challenge, later a request to move it. */
  timezone: z
    .string()
    .min(1)
    .max(INPUT_LIMITS.timezone)
    .refine(isValidTimeZone, 'Unknown time zone'),
  /** Day 1, 'YYYY-MM-DD' in the member's time zone; today or tomorrow (checked by the server). */
  startDate: z.string().refine(isCalendarDate, 'Must be a date YYYY-MM-DD').optional(),
  /** Who may join (docs/product.md, "Group challenges"): 'link' or 'feed' opens a group; 'solo' when absent. */
  access: z.enum(GROUP_ACCESS).optional(),
});

export type GenerateRequest = z.infer<typeof generateRequestSchema>;
export type GenerateRequestInput = z.input<typeof generateRequestSchema>;
