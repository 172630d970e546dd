import { callApi } from '@/services/api-client';
import { useAsync, type Loadable } from '@/hooks/use-loadable';
import type { AdminMemberPage, HiddenChallengeRow } from '@domain/site/moderation-records';

/**
 * Admin actions go through the API (functions/src/admin-*-route.ts), never straight to the
 * database: they touch Auth and server-only records, and each one is written to the audit log.
 */
export function disableMember(uid: string, reason: string): Promise<unknown> {
  return callApi(`/api/admin/members/${encodeURIComponent(uid)}/disable`, { reason });
}

export function enableMember(uid: string): Promise<unknown> {
  return callApi(`/api/admin/members/${encodeURIComponent(uid)}/enable`, {});
}

export function hideChallenge(challengeId: string, ownerId: string, reason: string) {
  return callApi(`/api/admin/challenges/${encodeURIComponent(challengeId)}/hide`, {
    ownerId,
    reason,
  });
}

export function unhideChallenge(challengeId: string): Promise<unknown> {
  return callApi(`/api/admin/challenges/${encodeURIComponent(challengeId)}/unhide`, {});
}

/** One page of members, newest first, optionally only those matching `query` (name or email). */
export function useMemberPage(
  query: string,
  page: number,
  refresh: unknown,
): Loadable<AdminMemberPage> {
  const search = new URLSearchParams({ q: query, page: String(page) }).toString();
  return useAsync(search, () => callApi<AdminMemberPage>(`/api/admin/members?${search}`), refresh);
}

/** The challenges moderators hid, newest first. */
export function useHiddenChallenges(refresh: unknown): Loadable<HiddenChallengeRow[]> {
  return useAsync(
    'hidden',
    async () =>
      (await callApi<{ challenges: HiddenChallengeRow[] }>('/api/admin/challenges/hidden'))
        .challenges,
    refresh,
  );
}
