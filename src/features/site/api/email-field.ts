import { z } from 'zod';

export const EMAIL_MAX_LENGTH = 254;

/** The address shape the database rules accept for website/subscribers and website/contact. */
const STORABLE_EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z][A-Za-z]+$/;

export function emailField() {
  return z
    .string()
    .trim()
    .min(1, 'Email is required')
    .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters`)
    .pipe(z.email({ pattern: STORABLE_EMAIL, error: 'Enter a valid email address' }));
}
