import type { IdentityRequest, IdentityResponse } from '@domain/api/members';
import { callApi } from '@/services/api-client';

/** Each call rewrites a bounded batch of feed entries; a member would need thousands to reach this. */
const MAX_CALLS = 10;

/**
 * Asks the API to copy the member's stored name and photo (users/{uid}/info) into their feed
 * entries, challenges and leaderboard rows, batch after batch. Call it after changing either.
 */
export async function refreshMemberCopies(): Promise<void> {
  let after: string | null = null;
  for (let call = 0; call < MAX_CALLS; call++) {
    const body: IdentityRequest = after ? { after } : {};
    const { next }: IdentityResponse = await callApi<IdentityResponse>('/api/me/identity', body);
    if (!next) return;
    after = next;
  }
}
