import type { ChallengeRef } from '@domain/challenges/challenge-record';
import type { MealSlot } from '@domain/constants';
import { compressPhoto } from '@/lib/compress-photo';
import { UNREADABLE_PHOTO_CODE } from '@/lib/error-messages';
import { storagePaths } from '@domain/data/storage-paths';
import type { UploadHandle, UploadProgress } from '@/services/storage';
import { keepCaptureTime } from './keep-capture-time';

/** Proof photos at most 1600 px on their longer side (docs/product.md#meal-proofs). */
const PROOF_MAX_PIXELS = 1600;

export interface ProofTarget {
  challenge: Pick<ChallengeRef, 'ownerId' | 'challengeId'>;
  dayNumber: number;
  slot: MealSlot;
  /** 1, or the next photo after an admin rejected one (src/domain/challenges/proof-review.ts). */
  attempt?: number;
}

/** Where a meal's proof photo is stored. */
export function mealProofPath({ challenge, dayNumber, slot, attempt = 1 }: ProofTarget): string {
  return storagePaths.mealProof(challenge.ownerId, challenge.challengeId, dayNumber, slot, attempt);
}

export interface StartedProofUpload {
  upload: UploadHandle;
}

/**
 * Compresses the photo (a file it cannot read fails with UNREADABLE_PHOTO_CODE), writes the
 * original's capture time back into it, and starts its resumable upload to the meal's storage path;
 * the Storage SDK and the EXIF reader load only now, on the first proof.
 */
export async function startMealProofUpload(
  target: ProofTarget,
  file: File,
  onProgress: (progress: UploadProgress) => void,
): Promise<StartedProofUpload> {
  const [compressed, { uploadFile }] = await Promise.all([
    compressPhoto(file, PROOF_MAX_PIXELS).catch((cause: unknown) => {
      throw Object.assign(new Error('The chosen file could not be read as a photo', { cause }), {
        code: UNREADABLE_PHOTO_CODE,
      });
    }),
    import('@/services/storage'),
  ]);
  // Compression drops EXIF; the server reads when the photo was taken from the stored file.
  const photo = await keepCaptureTime(file, compressed);
  return { upload: uploadFile(mealProofPath(target), photo, onProgress) };
}

/** True when the member canceled the upload (not an error to report). */
export async function isCanceledProofUpload(error: unknown): Promise<boolean> {
  const { isCanceledUpload } = await import('@/services/storage');
  return isCanceledUpload(error);
}

/** The download URL of the proof photo already stored for this meal, if any. */
export async function storedMealProofUrl(target: ProofTarget): Promise<string | null> {
  const { storedFileUrl } = await import('@/services/storage');
  return storedFileUrl(mealProofPath(target));
}
