import { useCallback, useEffect, useRef, useState, type MutableRefObject } from 'react';
import { isOnline } from '@/lib/connectivity';
import { storageErrorReason, isRetryableUpload } from '@/lib/error-messages';
import { toastError, toastErrorWithReason, toastInfo, toastSuccess } from '@/lib/toast';
import { ApiError } from '@/services/api-client';
import type { UploadHandle, UploadProgress } from '@/services/storage';
import { submitMealProof } from '../api/submit-meal-proof';
import {
  isCanceledProofUpload,
  mealProofPath,
  startMealProofUpload,
  storedMealProofUrl,
  type ProofTarget,
} from '../api/upload-meal-proof';
import type { WaitingProof } from '@/services/waiting-proofs';
import type { WaitingProofState } from '../api/waiting-proof-sender';
import type { ProofUploadPhase } from './proof-upload-phase';

/**
 * The device queue (waiting-proof-sender.ts), handed in by the challenge screen's meal rows only: its code
 * stays in that screen's chunk, and other rows (the feed's "Snap your …") upload as before without it.
 */
export type DeviceQueue = typeof import('../api/waiting-proof-sender');

/** How a photo waiting on this device (sent by waiting-proof-sender.ts) shows in the meal row. */
function phaseOf(state: WaitingProofState): ProofUploadPhase {
  switch (state.kind) {
    case 'uploading':
      return { kind: 'uploading', paused: false, percent: state.percent };
    case 'refused':
      return { kind: 'failed', reason: state.reason, retryable: false, refused: true };
    default:
      return state;
  }
}

/**
 * A photo of this meal waiting on the device (after a reload, or kept offline) shows in the meal row,
 * and is sent (waiting-proof-sender.ts), unless the row's own upload is running (`ownFlow`).
 */
function useWaitingProof(
  { challenge, dayNumber, slot, attempt }: ProofTarget,
  ownFlow: MutableRefObject<boolean>,
  show: (phase: ProofUploadPhase) => void,
  queue: DeviceQueue | undefined,
) {
  useEffect(() => {
    if (!queue) return;
    let active = true;
    const key = mealProofPath({ challenge, dayNumber, slot, attempt });
    const follow = () => {
      const state = queue.waitingProofState(key);
      if (active && state && !ownFlow.current) show(phaseOf(state));
    };
    const unsubscribe = queue.subscribeWaitingProofStates(follow);
    void queue.resumeWaitingProofs(challenge.ownerId).then(follow);
    return () => {
      active = false;
      unsubscribe();
    };
    // `show` and `ownFlow` are the caller's stable setter and ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [challenge, dayNumber, slot, attempt, queue]);
}

/** Thrown before the upload starts: the photo is kept on this device until the network is back. */
class WaitingOnDevice extends Error {}

/** The upload failed for want of a network: offline now, or the SDK gave up retrying. */
const lostConnection = (error: unknown) =>
  !isOnline() || (error as { code?: unknown } | null)?.code === 'storage/retry-limit-exceeded';

function uploadingPhase({ state, bytesTransferred, totalBytes }: UploadProgress) {
  if (state !== 'running' && state !== 'paused') return undefined;
  const percent = totalBytes > 0 ? Math.round((bytesTransferred / totalBytes) * 100) : 0;
  return { kind: 'uploading', paused: state === 'paused', percent } as const;
}

/**
 * One meal's proof: compress, upload resumably (the upload states of docs/product.md#states-and-transitions: pause
 * only while running, resume while paused, cancel either way), then record it. With the device `queue` (the
 * challenge screen's rows) the photo is also kept on the phone and claimed, and waits there when the network is gone.
 */
export function useProofUpload(target: ProofTarget, queue?: DeviceQueue) {
  const { challenge, dayNumber, slot, attempt = 1 } = target;
  const [phase, setPhase] = useState<ProofUploadPhase>({ kind: 'idle' });
  const task = useRef<UploadHandle | null>(null);
  // The photo of the last attempt, kept so a failed upload can be retried without choosing it again.
  const lastFile = useRef<File | null>(null);
  const mounted = useRef(true);
  // True while start() runs its own upload; otherwise the device queue's state for this meal shows.
  const ownFlow = useRef(false);

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

  useWaitingProof({ challenge, dayNumber, slot, attempt }, ownFlow, show, queue);

  const start = useCallback(
    async (file: File) => {
      const target = { challenge, dayNumber, slot, attempt };
      lastFile.current = file;
      ownFlow.current = true;
      show({ kind: 'compressing' });
      const kept: { proof: WaitingProof | null } = { proof: null };
      // From here on the device queue sends the photo: when the network is back, or on a retry.
      const handOver = async (proof: WaitingProof) => {
        ownFlow.current = false;
        show({ kind: 'waiting' });
        void queue?.sendWaitingProof(proof);
      };
      const keepOnDevice = async (photo: Blob) => {
        kept.proof = queue ? await queue.holdProof(target, photo) : null;
        if (kept.proof && !isOnline()) throw new WaitingOnDevice();
      };
      try {
        const started = await startMealProofUpload(
          target,
          file,
          (progress) => {
            const uploading = uploadingPhase(progress);
            if (uploading) show(uploading);
          },
          keepOnDevice,
        );
        task.current = started.upload;
        show({ kind: 'uploading', paused: false, percent: 0 });
        await started.upload.done;
      } catch (error) {
        task.current = null;
        const waiting = kept.proof;
        if (error instanceof WaitingOnDevice && waiting) return handOver(waiting);
        const canceled = await isCanceledProofUpload(error);
        // The member chose to stop: the device copy goes too. A dropped connection hands it over.
        if (waiting && canceled) void queue?.dismissWaitingProof(waiting.key);
        // Only a lost connection: other failures say why, with a retry, as before.
        else if (waiting && lostConnection(error)) return handOver(waiting);
        // Proofs are create-only (storage.rules): after an upload whose record was never saved, the
        // retry is refused, and the photo already stored is the one to record.
        const earlier = canceled ? null : await storedMealProofUrl(target);
        if (!earlier) {
          if (canceled) {
            ownFlow.current = false;
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
        if (kept.proof) void queue?.dismissWaitingProof(kept.proof.key);
        ownFlow.current = false;
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
        // Stored but not recorded (no network): the queue records it when it can.
        if (kept.proof && !(error instanceof ApiError)) return handOver(kept.proof);
        toastError('Error submitting meal');
      }
      ownFlow.current = false;
      show({ kind: 'idle' });
    },
    [challenge, dayNumber, slot, attempt, queue],
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
    if (phase.kind !== 'failed') return;
    ownFlow.current = false;
    show({ kind: 'idle' });
    // A photo refused after waiting on the device leaves it once the member has read why.
    const key = mealProofPath({ challenge, dayNumber, slot, attempt });
    void queue?.dismissWaitingProof(key);
  };

  return { phase, start, pause, resume, cancel, retry, dismiss };
}
