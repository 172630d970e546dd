import { callApi } from '@/services/api-client';
import { useAsync, type Loadable } from '@/hooks/use-loadable';
import type {
  ProofDecisionResponse,
  ProofQueueResponse,
  RejectProofRequest,
} from '@domain/api/admin';

/** One page of flagged proofs, newest first; `before` is the last key of the page above. */
export function useFlaggedProofs(
  before: string | null,
  refresh: unknown,
): Loadable<ProofQueueResponse> {
  const search = before ? `?${new URLSearchParams({ before }).toString()}` : '';
  return useAsync(
    `proofs${search}`,
    () => callApi<ProofQueueResponse>(`/api/admin/proofs${search}`),
    refresh,
  );
}

/** The proof earns its points; the member's score is recomputed by the server at once. */
export function approveProof(key: string): Promise<ProofDecisionResponse> {
  return callApi<ProofDecisionResponse>(`/api/admin/proofs/${encodeURIComponent(key)}/approve`, {});
}

/** The proof stays without points and reads "Rejected" with `reason` for its owner. */
export function rejectProof(key: string, reason: string): Promise<ProofDecisionResponse> {
  const body: RejectProofRequest = { reason };
  return callApi<ProofDecisionResponse>(
    `/api/admin/proofs/${encodeURIComponent(key)}/reject`,
    body,
  );
}
