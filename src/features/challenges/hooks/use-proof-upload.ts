import { useCallback, useEffect, useRef, useState } from 'react';
import { storageErrorReason, isRetryableUpload } from '@/lib/error-messages';
import { toastError, toastErrorWithReason, toastInfo, toastSuccess } from '@/lib/toast';
import { ApiError } from '@/services/api-client';
import type { UploadHandle } from '@/services/storage';
import { submitMealProof } from '../api/submit-meal-proof';
import {
  isCanceledProofUpload,
  startMealProofUpload,
  storedMealProofUrl,
  type ProofTarget,
} from '../api/upload-meal-proof';

export type ProofUploadPhase =
  | { kind: 'idle' }
  | { kind: 'compressing' }
  | { kind: 'uploading'; paused: boolean; percent: number }
  | { kind: 'saving' }
  /** The server recorded the proof; `flagged` when it waits for an admin before it earns points. */
  | { kind: 'recorded'; flagged: boolean }
  /**
   * The upload failed: why (src/lib/error-messages.ts), and whether the same photo may be sent again;
   * `refused` when the server refused the stored photo (not a picture), saying why.
   */
  | { kind: 'failed'; reason: string; retryable: boolean; refused?: boolean };

/**
 * One meal's proof: compress, upload resumably (the upload states of docs/product.md#states-and-transitions: pause
 * only while running, resume while paused, cancel either way), then record it.
 */
export function useProofUpload({ challenge, dayNumber, slot, attempt = 1 }: ProofTarget) {
  const [phase, setPhase] = useState<ProofUploadPhase>({ kind: 'idle' });
  const task = useRef<UploadHandle | null>(null);
  // The photo of the last attempt, kept so a failed upload can be retried without choosing it again.
  const lastFile = useRef<File | null>(null);
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
      const target = { challenge, dayNumber, slot, attempt };
      lastFile.current = file;
      show({ kind: 'compressing' });
      try {
        const started = await startMealProofUpload(target, file, (progress) => {
          const { state, bytesTransferred, totalBytes } = progress;
          if (state === 'running' || state === 'paused') {
            show({
              kind: 'uploading',
              paused: state === 'paused',
              percent: totalBytes > 0 ? Math.round((bytesTransferred / totalBytes) * 100) : 0,
            });
          }
        });
        task.current = started.upload;
        show({ kind: 'uploading', paused: false, percent: 0 });
        await started.upload.done;
      } catch (error) {
        task.current = null;
        const canceled = await isCanceledProofUpload(error);
        // Proofs are create-only (storage.rules): after an upload whose record was never saved, the
        // retry is refused, and the photo already stored is the one to record.
        const earlier = canceled ? null : await storedMealProofUrl(target);
        if (!earlier) {
          if (canceled) {
            show({ kind: 'idle' });
            return;
          }
          const reason = storageErrorReason(error);
          show({ kind: 'failed', reason, retryable: isRetryableUpload(error) });
          toastErrorWithReason('Error uploading image', reason);
          return;
        }
      }
      task.current = null;
      lastFile.current = null;
      toastSuccess('Image uploaded successfully');
      show({ kind: 'saving' });
      try {
        const recorded = await submitMealProof(challenge, dayNumber, slot);
        const flagged = recorded.review?.state === 'flagged';
        if (flagged) toastInfo('Photo saved: an admin will check it before it earns points');
        else toastSuccess('Meal check successfully');
        show({ kind: 'recorded', flagged });
        return;
      } catch (error) {
        // The server deleted a file that is not a picture: say why, and let another photo be chosen.
        if (
          error instanceof ApiError &&
          (error.code === 'photo-unreadable' || error.code === 'photo-too-large')
        ) {
          show({ kind: 'failed', reason: error.message, retryable: false, refused: true });
          toastErrorWithReason('Photo refused', error.message);
          return;
        }
        toastError('Error submitting meal');
      }
      show({ kind: 'idle' });
    },
    [challenge, dayNumber, slot, attempt],
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
  /** Sends the failed attempt's photo again. */
  const retry = () => {
    if (phase.kind === 'failed' && lastFile.current) void start(lastFile.current);
  };
  /** Leaves a failed attempt for the photo picker (e.g. to choose another photo). */
  const dismiss = () => {
    if (phase.kind === 'failed') show({ kind: 'idle' });
  };

  return { phase, start, pause, resume, cancel, retry, dismiss };
}
