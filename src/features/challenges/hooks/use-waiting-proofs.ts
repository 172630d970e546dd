import { useEffect, useSyncExternalStore } from 'react';
import {
  resumeWaitingProofs,
  subscribeWaitingProofStates,
  waitingProofCount,
  waitingProofState,
} from '../api/waiting-proof-sender';

/**
 * Whether a photo of this meal (its storage path) is on this device on its way to the server: its row
 * keeps showing it after the window closes (docs/product.md, "Photos that wait for the network").
 */
export function useHasWaitingProof(key: string): boolean {
  const kind = useSyncExternalStore(
    subscribeWaitingProofStates,
    () => waitingProofState(key)?.kind,
  );
  return kind !== undefined && kind !== 'recorded';
}

/**
 * How many of the challenge's photos wait on this device; picks them up when the page opens (after a
 * reload, or the app being closed) so they are sent.
 */
export function useWaitingProofCount(uid: string | undefined, challengeId: string): number {
  useEffect(() => {
    if (uid) void resumeWaitingProofs(uid);
  }, [uid]);
  return useSyncExternalStore(subscribeWaitingProofStates, () => waitingProofCount(challengeId));
}
