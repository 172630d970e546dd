import type { ProofClaimRequest, ProofClaimResponse, ProofResponse } from '@domain/api/proofs';
import { storagePaths } from '@domain/data/storage-paths';
import { isOnline, subscribeConnectivity } from '@/lib/connectivity';
import { isRetryableUpload, storageErrorReason } from '@/lib/error-messages';
import { ApiError, callApi } from '@/services/api-client';
import { memberIdToken } from '@/services/saved-session';
import {
  askPersistentStorage,
  keepWaitingProof,
  PROOF_SYNC_TAG,
  requestBackgroundSync,
  removeWaitingProof,
  sha256Hex,
  subscribeWaitingProofs,
  waitingProofs,
  type WaitingProof,
} from '@/services/waiting-proofs';
import { submitMealProof } from './submit-meal-proof';
import type { ProofTarget } from './upload-meal-proof';

/**
 * Sends the proof photos kept on this device (src/services/waiting-proofs.ts): the claim first (the
 * photo's SHA-256, so it counts if it reaches the server up to 24 hours after the window closed:
 * docs/security.md, "Proof claims"), then the photo, then the proof. Retried when the device comes back
 * online, when the challenge page opens, and with backoff; loaded only with the proof upload's code.
 */

export type WaitingProofState =
  | { kind: 'waiting' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'saving' }
  | { kind: 'recorded'; flagged: boolean }
  | { kind: 'refused'; reason: string };

const states = new Map<string, { challengeId: string; state: WaitingProofState }>();
const sending = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();
const held = new Map<string, WaitingProof>();
/** Photos whose meal row runs its own upload right now (use-proof-upload.ts): not sent from here too. */
const withTheirRow = new Set<string>();
let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
/** Backoff between retries: 2 s, doubling, at most a minute. */
const RETRY_MS = { first: 2_000, max: 60_000 };

function setState(proof: WaitingProof, state: WaitingProofState) {
  states.set(proof.key, { challengeId: proof.challengeId, state });
  listeners.forEach((listener) => listener());
}

export function subscribeWaitingProofStates(onChange: () => void): () => void {
  listeners.add(onChange);
  const unsubscribeStore = subscribeWaitingProofs(onChange);
  return () => {
    listeners.delete(onChange);
    unsubscribeStore();
  };
}

export const waitingProofState = (key: string) => states.get(key)?.state;

/** Photos of the challenge still on this device on their way to the server. */
export function waitingProofCount(challengeId: string): number {
  let count = 0;
  for (const entry of states.values())
    if (entry.challengeId === challengeId && entry.state.kind !== 'recorded') count++;
  return count;
}

/**
 * The member's ID token for the service worker's background sync, if the SDK has one at hand: without
 * a network an expired one cannot be refreshed, and the photo is kept without waiting for that.
 */
async function tokenForSync(): Promise<string | undefined> {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 1_000));
  try {
    return (await Promise.race([memberIdToken(), timeout])) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps the prepared photo on this device with its hash, asks for persistent storage and sends the
 * claim when online; null when the device cannot keep it (no IndexedDB): the upload then goes as before.
 */
export async function holdProof(target: ProofTarget, photo: Blob): Promise<WaitingProof | null> {
  const { challenge, dayNumber, slot, attempt = 1 } = target;
  try {
    const proof: WaitingProof = {
      key: storagePaths.mealProof(
        challenge.ownerId,
        challenge.challengeId,
        dayNumber,
        slot,
        attempt,
      ),
      uid: challenge.ownerId,
      challengeId: challenge.challengeId,
      day: dayNumber,
      slot,
      attempt,
      sha256: await sha256Hex(photo),
      photo,
      keptAt: Date.now(),
      claimToken: await tokenForSync(),
    };
    await keepWaitingProof(proof);
    held.set(proof.key, proof);
    withTheirRow.add(proof.key);
    setState(proof, { kind: 'waiting' });
    void askPersistentStorage();
    // A claim that fails here is sent again with the photo, if the row hands it over.
    if (isOnline()) void claimProof(proof).catch(() => {});
    else void requestBackgroundSync(PROOF_SYNC_TAG);
    return proof;
  } catch {
    return null;
  }
}

/** Sends the claim once; the server answers a repeat with the first receipt time. */
async function claimProof(proof: WaitingProof): Promise<WaitingProof> {
  if (proof.claimedAt !== undefined) return proof;
  const body: ProofClaimRequest = { sha256: proof.sha256 };
  const claimed = await callApi<ProofClaimResponse>(
    `/api/challenges/${encodeURIComponent(proof.challengeId)}/days/${proof.day}/meals/${proof.slot}/claim`,
    body,
  );
  const next = { ...(held.get(proof.key) ?? proof), claimedAt: claimed.receivedAt };
  held.set(proof.key, next);
  await keepWaitingProof(next);
  return next;
}

const LATE_CLAIM =
  "This photo reached the server after the meal's window closed, so it cannot count. Nothing was uploaded.";

/** A refusal that sending again cannot change: the member is told why. */
function refusalOf(error: unknown): string | undefined {
  if (error instanceof ApiError)
    return error.status >= 500 || error.status === 429 || error.status === 401
      ? undefined
      : error.message;
  if (error instanceof TypeError) return undefined; // fetch without a network
  return isRetryableUpload(error) ? undefined : storageErrorReason(error);
}

async function send(proof: WaitingProof): Promise<void> {
  let current = proof;
  try {
    try {
      current = await claimProof(current);
    } catch (error) {
      if (!(error instanceof ApiError) || refusalOf(error) === undefined) throw error;
      // Claimed too late: once the window has closed the photo cannot count, so it is not sent.
      if (error.code === 'window-closed') throw new ApiError(409, LATE_CLAIM, error.code);
      // Otherwise (three claimed, already proved) the proof route still judges the photo.
    }
    const storage = await import('@/services/storage');
    if (!(await storage.storedFileUrl(current.key))) {
      setState(current, { kind: 'uploading', percent: 0 });
      await storage.uploadFile(current.key, current.photo, ({ bytesTransferred, totalBytes }) =>
        setState(current, {
          kind: 'uploading',
          percent: totalBytes > 0 ? Math.round((bytesTransferred / totalBytes) * 100) : 0,
        }),
      ).done;
    }
    setState(current, { kind: 'saving' });
    const recorded: ProofResponse = await submitMealProof(
      { ownerId: current.uid, challengeId: current.challengeId },
      current.day,
      current.slot,
    );
    await removeWaitingProof(current.key);
    held.delete(current.key);
    failures = 0;
    setState(current, { kind: 'recorded', flagged: recorded.review?.state === 'flagged' });
  } catch (error) {
    const reason = refusalOf(error);
    if (reason === undefined) {
      setState(current, { kind: 'waiting' });
      scheduleRetry();
      return;
    }
    // Kept with its reason until the member dismisses it: nothing they took is silently dropped.
    const refused = { ...current, problem: reason };
    held.set(refused.key, refused);
    await keepWaitingProof(refused).catch(() => {});
    setState(refused, { kind: 'refused', reason });
  }
}

/** Sends one waiting photo now if online (once at a time); otherwise it waits for the network. */
export function sendWaitingProof(proof: WaitingProof): Promise<void> {
  withTheirRow.delete(proof.key);
  if (proof.problem) {
    setState(proof, { kind: 'refused', reason: proof.problem });
    return Promise.resolve();
  }
  if (!isOnline()) {
    setState(proof, { kind: 'waiting' });
    return Promise.resolve();
  }
  let running = sending.get(proof.key);
  if (!running) {
    running = send(held.get(proof.key) ?? proof).finally(() => sending.delete(proof.key));
    sending.set(proof.key, running);
  }
  return running;
}

function scheduleRetry() {
  if (retryTimer !== undefined) return;
  const delay = Math.min(RETRY_MS.max, RETRY_MS.first * 2 ** failures);
  failures++;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    void sendHeld();
  }, delay);
}

async function sendHeld() {
  const waiting = [...held.values()].filter((proof) => !withTheirRow.has(proof.key));
  await Promise.all(waiting.map((proof) => sendWaitingProof(proof)));
}

let watchingNetwork = false;

/**
 * Picks up the member's photos waiting on this device (after a reload, or the app being closed) and
 * sends them; again whenever the device comes back online.
 */
export async function resumeWaitingProofs(uid: string): Promise<void> {
  if (!watchingNetwork) {
    watchingNetwork = true;
    // Back online (the browser's word, or the server answering again): send what waits.
    // A photo already on its way is not sent twice (sendWaitingProof).
    subscribeConnectivity(() => {
      if (isOnline()) void sendHeld();
    });
    // The service worker's background sync sent the claims: the photos follow (proof-sync.ts).
    navigator.serviceWorker?.addEventListener('message', (event: MessageEvent<unknown>) => {
      if ((event.data as { type?: unknown } | null)?.type === PROOF_SYNC_TAG) void sendHeld();
    });
  }
  let kept: WaitingProof[];
  try {
    kept = await waitingProofs(uid);
  } catch {
    return; // No IndexedDB: nothing can be waiting.
  }
  for (const proof of kept) if (!held.has(proof.key)) held.set(proof.key, proof);
  await Promise.all(kept.map((proof) => sendWaitingProof(proof)));
}

/** The member read why a photo was refused: it leaves the device. */
export async function dismissWaitingProof(key: string): Promise<void> {
  held.delete(key);
  withTheirRow.delete(key);
  states.delete(key);
  listeners.forEach((listener) => listener());
  await removeWaitingProof(key).catch(() => {});
}
