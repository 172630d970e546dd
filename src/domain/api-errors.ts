/**
 * The stable machine codes every API error body carries (`{ error, code, ...details }`). The app
 * branches on these, never on the message text: messages are the product's words and may change.
 */
export const API_ERROR_CODES = {
  /** A body, parameter or query field failed validation (400; `field` names it). */
  'invalid-request': 'A request field is missing or invalid',
  /** The member asked to act on themself where that is not allowed (400: cheer, nudge, report, disable). */
  'self-action': 'This cannot be done to yourself',
  /** The request body is over the body limit (413). */
  'body-too-large': 'The request body is too large',
  /** No sign-in token, or a token that is invalid, expired or revoked (401). */
  unauthenticated: 'Sign in required',
  /** The caller may not do this: not the owner, not an admin, origin not allowed (403). */
  forbidden: 'Not allowed',
  /** The member's account is disabled by a moderator (403). */
  'account-disabled': 'The account is disabled',
  /** The caller is not a member of the group challenge (403/404). */
  'not-member': 'Not a member of this challenge',
  /** The invitation token is missing or no longer current (403). */
  'invalid-invite': 'The invitation is not valid',
  /** The challenge is not open for joining (403). */
  'invite-closed': 'The challenge is not open for joining',
  /** The thing asked for does not exist, or is not the caller's to see (404). */
  'not-found': 'Not found',
  /** The challenge is hidden by a moderator (409). */
  'challenge-hidden': 'The challenge is hidden',
  /** The challenge has ended, or has no meal window left (409/422). */
  'challenge-ended': 'The challenge has ended',
  /** The group challenge already has its most members (409). */
  'group-full': 'The group is full',
  /** The member already has the most active challenges (409). */
  'active-limit': 'Too many active challenges',
  /** The meal's window has not opened yet (409). */
  'window-not-open': "The meal's window has not opened",
  /** The meal's window has closed, or the photo was taken outside it (409). */
  'window-closed': "The meal's window has closed",
  /** The meal already has its proof (409). */
  'already-proved': 'The meal is already proved',
  /** Every photo attempt for the meal is used (409). */
  'attempts-used': 'No more photos for this meal',
  /** The meal already has its most photo claims (409; docs/security.md, "Proof claims"). */
  'claims-used': 'No more photo claims for this meal',
  /** A photo proved after its window is not the one claimed in it (409). */
  'claim-mismatch': 'The photo is not the one claimed',
  /** The member's own record is not written yet: they must sign in to the app once (409). */
  'member-record-missing': 'The member record does not exist yet',
  /** The request conflicts with the current state in another way (409). */
  conflict: 'The request conflicts with the current state',
  /** The member's profile lacks a field the plan needs (422; `fields` lists them). */
  'profile-incomplete': 'The profile is incomplete',
  /** The proof photo is over the decode limit (422). */
  'photo-too-large': 'The photo is too large',
  /** The proof photo is not an image that can be read (422). */
  'photo-unreadable': 'The photo cannot be read',
  /** Too many requests in a short time (429). */
  'rate-limited': 'Too many requests',
  /** The daily challenge creation cap is reached (429; `retryAfterSeconds`). */
  'daily-limit': 'Daily challenge limit reached',
  /** The daily regenerate/swap cap is reached (429; `retryAfterSeconds`). */
  'replan-limit': 'Daily replan limit reached',
  /** Too many unusable proof photos lately (429). */
  'decode-limit': 'Too many unusable photos',
  /** Another creation of the member holds the lock; try again (503). */
  busy: 'Busy, try again',
  /** A backing service cannot be used right now (503). */
  unavailable: 'Temporarily unavailable',
  /** Anything unexpected (500). */
  internal: 'Internal error',
} as const satisfies Record<string, string>;

export type ApiErrorCode = keyof typeof API_ERROR_CODES;

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && Object.hasOwn(API_ERROR_CODES, value);
}
