import { callApi } from '@/services/api-client';
import { useAsync, type Loadable } from '@/hooks/use-loadable';
import type {
  DisableMemberRequest,
  DisableMemberResponse,
  EnableMemberResponse,
  HiddenChallengesResponse,
  HideChallengeRequest,
  HideChallengeResponse,
  MemberListResponse,
  UnhideChallengeResponse,
} from '@domain/api/admin';
import type { HiddenChallengeRow } from '@domain/site/moderation-records';

/**
 * Admin actions go through the API (functions/src/admin/), never straight to the
 * database: they touch Auth and server-only records, and each one is written to the audit log.
 */
export function disableMember(uid: string, reason: string): Promise<DisableMemberResponse> {
  const body: DisableMemberRequest = { reason };
  return callApi<DisableMemberResponse>(
    `/api/admin/members/${encodeURIComponent(uid)}/disable`,
    body,
  );
}

export function enableMember(uid: string): Promise<EnableMemberResponse> {
  return callApi<EnableMemberResponse>(`/api/admin/members/${encodeURIComponent(uid)}/enable`, {});
}

export function hideChallenge(challengeId: string, ownerId: string, reason: string) {
  const body: HideChallengeRequest = { ownerId, reason };
  return callApi<HideChallengeResponse>(
    `/api/admin/challenges/${encodeURIComponent(challengeId)}/hide`,
    body,
  );
}

export function unhideChallenge(challengeId: string): Promise<UnhideChallengeResponse> {
  return callApi<UnhideChallengeResponse>(
    `/api/admin/challenges/${encodeURIComponent(challengeId)}/unhide`,
    {},
  );
}

/** One page of members, newest first, optionally only those matching `query` (name or email). */
export function useMemberPage(
  query: string,
  page: number,
  refresh: unknown,
): Loadable<MemberListResponse> {
  const search = new URLSearchParams({ q: query, page: String(page) }).toString();
  return useAsync(
    search,
    () => callApi<MemberListResponse>(`/api/admin/members?${search}`),
    refresh,
  );
}

/** The challenges moderators hid, newest first. */
export function useHiddenChallenges(refresh: unknown): Loadable<HiddenChallengeRow[]> {
  return useAsync(
    'hidden',
    async () =>
      (await callApi<HiddenChallengesResponse>('/api/admin/challenges/hidden')).challenges,
    refresh,
  );
}
