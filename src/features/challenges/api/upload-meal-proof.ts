import type { ChallengeRef } from '@/domain/challenge-record';
import type { MealSlot } from '@/domain/constants';
import { compressPhoto } from '@/lib/compress-photo';
import { storagePaths } from '@/domain/storage-paths';
import type { UploadHandle, UploadProgress } from '@/services/storage';

/** Proof photos at most 1600 px on their longer side (docs/product.md#meal-proofs). */
const PROOF_MAX_PIXELS = 1600;

export interface ProofTarget {
  challenge: Pick<ChallengeRef, 'ownerId' | 'challengeId'>;
  dayNumber: number;
  slot: MealSlot;
}

/**
 * Compresses a meal's proof photo and starts its resumable upload to the
 * meal's storage path; the Storage SDK loads only now, on the first proof.
 */
export async function startMealProofUpload(
  { challenge, dayNumber, slot }: ProofTarget,
  file: File,
  onProgress: (progress: UploadProgress) => void,
): Promise<UploadHandle> {
  const [photo, { uploadFile }] = await Promise.all([
    compressPhoto(file, PROOF_MAX_PIXELS),
    import('@/services/storage'),
  ]);
  const path = storagePaths.mealProof(challenge.ownerId, challenge.challengeId, dayNumber, slot);
  return uploadFile(path, photo, onProgress);
}

/** True when the member canceled the upload (not an error to report). */
export async function isCanceledProofUpload(error: unknown): Promise<boolean> {
  const { isCanceledUpload } = await import('@/services/storage');
  return isCanceledUpload(error);
}
