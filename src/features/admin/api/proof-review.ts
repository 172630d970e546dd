import { callApi } from '@/services/api-client';
import { useAsync, type Loadable } from '@/hooks/use-loadable';
import type { ProofQueuePage } from '@domain/challenges/proof-review';

/** One page of flagged proofs, newest first; `before` is the last key of the page above. */
export function useFlaggedProofs(
  before: string | null,
  refresh: unknown,
): Loadable<ProofQueuePage> {
  const search = before ? `?${new URLSearchParams({ before }).toString()}` : '';
  return useAsync(
    `proofs${search}`,
    () => callApi<ProofQueuePage>(`/api/admin/proofs${search}`),
    refresh,
  );
}

/** The proof earns its points; the member's score is recomputed by the server at once. */
export function approveProof(key: string): Promise<unknown> {
  return callApi(`/api/admin/proofs/${encodeURIComponent(key)}/approve`, {});
}

/** The proof stays without points and reads "Rejected" with `reason` for its owner. */
export function rejectProof(key: string, reason: string): Promise<unknown> {
  return callApi(`/api/admin/proofs/${encodeURIComponent(key)}/reject`, { reason });
}
