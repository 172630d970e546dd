/**
 * Why a Storage upload failed, in words a member can act on (docs/product.md#messages: every error says what went
 * wrong and, where it can, what to do); Auth's reasons are the auth feature's (features/auth/api/auth-error-reason.ts).
 * The services pass the SDKs' errors through unchanged, so their `code` ("auth/…", "storage/…") is what is read;
 * the product's own toast stays the title and this reason is its text.
 */

/** The `code` of a service error, if it carries one. */
export function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code } = error as { code?: unknown };
  return typeof code === 'string' ? code : undefined;
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
