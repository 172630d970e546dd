import { callApi } from '@/services/api-client';

/**
 * Score and counters are derived by the server from the data (docs/product.md#points-and-leaderboards). The
 * member's own write already landed, so a failed recount is only logged: the
 * next recount (any later proof or delete) derives the same totals.
 */
export async function recomputeMemberTotals(): Promise<void> {
  try {
    await callApi('/api/me/recompute', {});
  } catch (error) {
    console.warn('Recomputing member totals failed', error);
  }
}
