/**
 * Why an Auth call (sign-in, registration, password reset) failed, in words a member can act on
 * (docs/product.md#messages), read from the SDK's error `code` ("auth/…"), which the service passes through.
 */
import { errorCode } from '@/lib/error-messages';

const WRONG_CREDENTIALS = 'The email or password is wrong. Check both, or reset your password.';
const WEAK_PASSWORD = 'That password is too weak. Use at least 6 characters.';
const POPUP_CLOSED = 'The Google window closed before you signed in. Try again and finish there.';
const OFFLINE = 'Could not reach the server. Check your internet connection, then try again.';

const AUTH_REASONS: Record<string, string> = {
  'auth/email-already-in-use':
    'This email already has an account. Log in instead, or reset its password.',
  'auth/account-exists-with-different-credential':
    'This email already has an account with another sign-in method. Log in the way you signed up.',
  'auth/invalid-credential': WRONG_CREDENTIALS,
  'auth/invalid-login-credentials': WRONG_CREDENTIALS,
  'auth/wrong-password': WRONG_CREDENTIALS,
  'auth/user-not-found': 'No account uses this email. Check it for typos, or register.',
  'auth/weak-password': WEAK_PASSWORD,
  'auth/password-does-not-meet-requirements': WEAK_PASSWORD,
  'auth/invalid-email': 'That email address is not valid. Check it for typos.',
  'auth/too-many-requests':
    'Too many attempts from this device. Wait a few minutes, then try again (or reset your password).',
  'auth/popup-closed-by-user': POPUP_CLOSED,
  'auth/cancelled-popup-request': POPUP_CLOSED,
  'auth/user-cancelled': POPUP_CLOSED,
  'auth/popup-blocked':
    'Your browser blocked the Google window. Allow pop-ups for this site, then try again.',
  'auth/network-request-failed': OFFLINE,
  'auth/timeout': OFFLINE,
  'auth/user-disabled': 'This account has been disabled. Write to us from the Contact page.',
  'auth/expired-action-code':
    'This reset link has expired. Request a new one from Forget Password.',
  'auth/invalid-action-code':
    'This reset link is not valid or was already used. Request a new one from Forget Password.',
};

const AUTH_UNKNOWN = 'Something went wrong on our side. Try again in a moment.';

/** The reason an Auth call (sign-in, registration, password reset) failed. */
export function authErrorReason(error: unknown): string {
  const code = errorCode(error);
  return (code && AUTH_REASONS[code]) ?? AUTH_UNKNOWN;
}
