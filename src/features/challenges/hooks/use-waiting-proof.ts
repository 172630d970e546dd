import { useEffect, type MutableRefObject } from 'react';
import type { WaitingProofState } from '../api/waiting-proof-sender';
import { mealProofPath, type ProofTarget } from '../api/upload-meal-proof';
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
export function useWaitingProof(
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
