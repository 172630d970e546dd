import type { RecomputeRequest, RecomputeResponse } from '@domain/api/challenges';
import { callApi } from '@/services/api-client';

/**
 * Score and counters are derived by the server from the data (docs/product.md#points-and-leaderboards).
 * Delete, reviews and the team bonus derive them on the server; only the proof upload still asks for a
 * recount here, until the proof route derives it itself (issue #41 item 5). The member's own write
 * already landed, so a failed recount is only logged. `challengeId` names the challenge that changed
 * (a hint: the server derives everything itself, functions/src/progress/recompute-totals.ts).
 */
export async function recomputeMemberTotals(challengeId?: string): Promise<void> {
  try {
    const body: RecomputeRequest = challengeId ? { challengeId } : {};
    await callApi<RecomputeResponse>('/api/me/recompute', body);
  } catch (error) {
    console.warn('Recomputing member totals failed', error);
  }
}
