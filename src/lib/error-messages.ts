/**
 * Why an Auth or Storage call failed, in words a member can act on (docs/product.md#messages: every error says
 * what went wrong and, where it can, what to do). The services pass the SDKs' errors through unchanged, so
 * their `code` ("auth/…", "storage/…") is what is read here; the product's own toast stays the title and this
 * reason is its text.
 */

/** The `code` of a service error, if it carries one. */
export function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code } = error as { code?: unknown };
  return typeof code === 'string' ? code : undefined;
}

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

/**
 * A photo the browser could not turn into a JPEG (not an image, or a format it cannot read); the upload code
 * throws it before anything is sent.
 */
export const UNREADABLE_PHOTO_CODE = 'photo/unreadable';

const STORAGE_CONNECTION =
  'The connection dropped and the upload gave up. Check your internet connection, then retry.';

const STORAGE_REASONS: Record<string, string> = {
  [UNREADABLE_PHOTO_CODE]:
    'This file could not be read as a photo. Choose a JPEG, PNG or WebP image.',
  // The rules refuse anything but a JPEG, PNG or WebP image under the size limit, or a path not the member's.
  'storage/unauthorized':
    'The photo was refused: it must be a JPEG, PNG or WebP image within the size limit, uploaded to your own meal or profile. Choose another photo.',
  'storage/unauthenticated': 'Your session has ended. Log in again, then retry.',
  'storage/canceled': 'The upload was canceled.',
  'storage/retry-limit-exceeded': STORAGE_CONNECTION,
  'storage/server-file-wrong-size': STORAGE_CONNECTION,
  'storage/invalid-checksum': 'The photo arrived damaged. Retry the upload.',
  'storage/quota-exceeded':
    'Photo storage is full for now. Try again later, or tell us from the Contact page.',
  'storage/cannot-slice-blob': 'The photo changed on your device while uploading. Choose it again.',
  'storage/unknown': 'The upload failed for an unknown reason. Retry in a moment.',
};

/** The reason a Storage upload failed. */
export function storageErrorReason(error: unknown): string {
  const code = errorCode(error);
  if (code && STORAGE_REASONS[code]) return STORAGE_REASONS[code];
  return STORAGE_REASONS['storage/unknown'];
}

/** Codes after which sending the same photo again cannot succeed: another photo, or signing in, is needed. */
const NOT_RETRYABLE_UPLOAD = new Set([
  UNREADABLE_PHOTO_CODE,
  'storage/unauthorized',
  'storage/unauthenticated',
  'storage/cannot-slice-blob',
]);

/** True when the same photo may well upload on another try (the connection, a damaged transfer, quota). */
export function isRetryableUpload(error: unknown): boolean {
  const code = errorCode(error);
  return code === undefined || !NOT_RETRYABLE_UPLOAD.has(code);
}
