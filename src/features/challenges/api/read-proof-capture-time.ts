import { CAPTURED_AT_BOUNDS } from '@domain/challenges/proof-review';

/**
 * Unused by the app since the server reads the capture time from the stored photo
 * (keep-capture-time.ts): it goes with the mocks of it in meal-proof-upload.test.tsx and
 * challenge-page.test.tsx.
 *
 * When the photo was taken, from its EXIF DateTimeOriginal (read in the camera's local time, as
 * phones write it), or undefined when it has none (many apps strip it) or it cannot be read. Read
 * before compression, which drops EXIF. Advisory: the server flags a time far from the meal's
 * window, and a member can forge it (docs/security.md, "Proof checks"). exifr loads only here.
 */
export async function readProofCaptureTime(file: Blob): Promise<number | undefined> {
  try {
    const { default: exifr } = await import('exifr');
    const tags = (await exifr.parse(file, { pick: ['DateTimeOriginal'] })) as
      { DateTimeOriginal?: unknown } | undefined;
    const taken = tags?.DateTimeOriginal;
    const at = taken instanceof Date ? taken.getTime() : NaN;
    return at >= CAPTURED_AT_BOUNDS.min && at <= CAPTURED_AT_BOUNDS.max ? at : undefined;
  } catch {
    return undefined;
  }
}
