import { z } from '@domain/zod';
import { INPUT_LIMITS } from '@domain/constants';

/** Zod fields several forms (and the generate function) share, defined once. */

export const EMAIL_MAX_LENGTH = 254;

/** The address shape the database rules accept for website/subscribers and website/contact. */
const STORABLE_EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z][A-Za-z]+$/;

const requiredEmail = () => z.string().trim().min(1, 'Email is required');

/** An email address to sign in, register or reset a password with (Firebase Auth checks the rest). */
export function emailField() {
  return requiredEmail().pipe(z.email('Enter a valid email address'));
}

/** An email address the app stores itself (newsletter, contact): bounded, in the rules' shape. */
export function storableEmailField() {
  return requiredEmail()
    .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters`)
    .pipe(z.email({ pattern: STORABLE_EMAIL, error: 'Enter a valid email address' }));
}

/** A challenge title: trimmed, required, at most INPUT_LIMITS.title characters. */
export function challengeTitleField() {
  return z
    .string()
    .trim()
    .min(1, 'Title is required')
    .max(INPUT_LIMITS.title, `Title must be at most ${INPUT_LIMITS.title} characters`);
}

/** A member's display name: trimmed, not blank, at most INPUT_LIMITS.displayName characters (the rules' bounds). */
export function displayNameField() {
  return z
    .string()
    .trim()
    .min(1, 'Display name is required')
    .max(
      INPUT_LIMITS.displayName,
      `Display name must be at most ${INPUT_LIMITS.displayName} characters`,
    );
}
