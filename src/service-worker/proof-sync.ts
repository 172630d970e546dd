import type { ProofClaimResponse } from '@domain/api/proofs';
import {
  keepWaitingProof,
  PROOF_SYNC_TAG,
  waitingProofs,
  type WaitingProof,
} from '@/services/waiting-proofs';

/**
 * Background sync for proof claims (docs/product.md, "Photos that wait for the network"): where the
 * browser has it, the page registers PROOF_SYNC_TAG when it keeps a photo without a network, and the
 * browser wakes the service worker once the network is back, even with the app closed. The worker
 * then sends each waiting photo's claim itself, with the ID token the page kept beside it (valid for an
 * hour: an older one is left for the app's own retries), and wakes any open window to upload the
 * photo. Without it the app's own retries (on `online`, on opening, with backoff) do all of this.
 *
 * Wired by the worker's entry (not yet: see the report of issue 43): registerProofSync(self).
 */

/** The Background Sync event, as far as this module uses it (not in TypeScript's DOM library). */
interface SyncEvent extends Event {
  readonly tag: string;
  waitUntil(done: Promise<unknown>): void;
}

interface WorkerScope {
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
  clients: {
    matchAll(options: {
      type: 'window';
    }): Promise<ReadonlyArray<{ postMessage(message: unknown): void }>>;
  };
}

/** The token's expiry (epoch ms) from its payload, or 0 when it cannot be read. */
function expiryOf(token: string): number {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: unknown;
    };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : 0;
  } catch {
    return 0;
  }
}

async function sendClaim(proof: WaitingProof, now: number): Promise<void> {
  const token = proof.claimToken;
  if (proof.claimedAt !== undefined || !token || expiryOf(token) <= now) return;
  const response = await fetch(
    `/api/challenges/${encodeURIComponent(proof.challengeId)}/days/${proof.day}/meals/${proof.slot}/claim`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ sha256: proof.sha256 }),
    },
  );
  // A refusal is the app's to show; a network failure makes the browser retry the sync.
  if (!response.ok) return;
  const { receivedAt } = (await response.json()) as ProofClaimResponse;
  await keepWaitingProof({ ...proof, claimedAt: receivedAt });
}

/** Sends every waiting claim it can, then asks open windows to upload their photos. */
export async function syncProofClaims(scope: WorkerScope, now = Date.now()): Promise<void> {
  const waiting = await waitingProofs(undefined, now);
  await Promise.all(waiting.map((proof) => sendClaim(proof, now)));
  for (const client of await scope.clients.matchAll({ type: 'window' }))
    client.postMessage({ type: PROOF_SYNC_TAG });
}

export function registerProofSync(scope: WorkerScope): void {
  scope.addEventListener('sync', (event) => {
    if (event.tag === PROOF_SYNC_TAG) event.waitUntil(syncProofClaims(scope));
  });
}
