import { useCallback, useEffect, useRef, useState } from 'react';
import type { MealSlot } from '../../../domain/constants';
import { toastError, toastSuccess } from '../../../lib/toast';
import { storagePaths } from '../../../services/paths';
import type { UploadHandle } from '../../../services/storage';
import type { ChallengeRef } from '../api/challenge-ref';
import { submitMealProof } from '../api/submit-meal-proof';
import { compressPhoto } from '../../../lib/compress-photo';

/** DESIGN §4: proof photos at most 1600 px on their longer side. */
const PROOF_MAX_PIXELS = 1600;

export type ProofUploadPhase =
  | { kind: 'idle' }
  | { kind: 'compressing' }
  | { kind: 'uploading'; paused: boolean; percent: number }
  | { kind: 'saving' };

interface ProofTarget {
  challenge: Pick<ChallengeRef, 'ownerId' | 'challengeId'>;
  dayNumber: number;
  slot: MealSlot;
}

/**
 * One meal's proof: compress, upload resumably (SPEC §4's task states: pause
 * only while running, resume while paused, cancel either way), then record it.
 */
export function useProofUpload({ challenge, dayNumber, slot }: ProofTarget) {
  const [phase, setPhase] = useState<ProofUploadPhase>({ kind: 'idle' });
  const task = useRef<UploadHandle | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      task.current?.cancel();
    };
  }, []);

  const show = (next: ProofUploadPhase) => {
    if (mounted.current) setPhase(next);
  };

  const start = useCallback(
    async (file: File) => {
      const { ownerId, challengeId } = challenge;
      const path = storagePaths.mealProof(ownerId, challengeId, dayNumber, slot);
      show({ kind: 'compressing' });
      let stored: { url: string; path: string };
      try {
        const photo = await compressPhoto(file, PROOF_MAX_PIXELS);
        const { uploadFile } = await import('../../../services/storage');
        const handle = uploadFile(path, photo, ({ state, bytesTransferred, totalBytes }) => {
          if (state === 'running' || state === 'paused') {
            show({
              kind: 'uploading',
              paused: state === 'paused',
              percent: totalBytes > 0 ? Math.round((bytesTransferred / totalBytes) * 100) : 0,
            });
          }
        });
        task.current = handle;
        show({ kind: 'uploading', paused: false, percent: 0 });
        stored = await handle.done;
      } catch (error) {
        task.current = null;
        const { isCanceledUpload, storedFileUrl } = await import('../../../services/storage');
        // Proofs are create-only (storage.rules): after an upload whose record was never saved, the
        // retry is refused, and the photo already stored is the one to record.
        const earlier = isCanceledUpload(error) ? null : await storedFileUrl(path);
        if (!earlier) {
          show({ kind: 'idle' });
          if (!isCanceledUpload(error)) toastError('Error uploading image');
          return;
        }
        stored = { url: earlier, path };
      }
      task.current = null;
      toastSuccess('Image uploaded successfully');
      show({ kind: 'saving' });
      try {
        await submitMealProof(challenge, dayNumber, slot, stored);
        toastSuccess('Meal check successfully');
      } catch {
        toastError('Error submitting meal');
      }
      show({ kind: 'idle' });
    },
    [challenge, dayNumber, slot],
  );

  const pause = () => {
    if (phase.kind === 'uploading' && !phase.paused && task.current?.pause())
      show({ ...phase, paused: true });
  };
  const resume = () => {
    if (phase.kind === 'uploading' && phase.paused && task.current?.resume())
      show({ ...phase, paused: false });
  };
  const cancel = () => {
    if (phase.kind === 'uploading') task.current?.cancel();
  };

  return { phase, start, pause, resume, cancel };
}
