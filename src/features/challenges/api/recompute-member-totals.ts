import { callApi } from '@/services/api-client';

/**
 * Score and counters are derived by the server from the data (docs/product.md#points-and-leaderboards). The
 * member's own write already landed, so a failed recount is only logged: the
 * next recount (any later proof or delete) derives the same totals. `challengeId` names the
 * challenge that changed: the server looks at it first (a past challenge's deletion counts at once)
 * but derives everything itself (functions/src/recompute-route.ts).
 */
export async function recomputeMemberTotals(challengeId?: string): Promise<void> {
  try {
    await callApi('/api/me/recompute', challengeId ? { challengeId } : {});
  } catch (error) {
    console.warn('Recomputing member totals failed', error);
  }
}
