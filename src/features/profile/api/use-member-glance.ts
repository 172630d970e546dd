import { dbPaths } from '@domain/data/database-paths';
import type { MemberGlance, MemberStreakFields } from '@domain/members/member-glance';
import { useRead } from '@/hooks/use-loadable';
import { valueRead } from '@domain/data/read-descriptor';

/** The streak fields of users/{uid}/info as read: absent on a member no recompute has reached yet. */
export type MemberStreak = Partial<MemberStreakFields>;

/**
 * users/{uid}/glance, live (written by the server with the score, POST /api/me/recompute; signed-in
 * members read it); pass `enabled: false` to read nothing yet. Parts may be absent (an empty `days`).
 */
export function useMemberGlance(uid: string, enabled = true) {
  return useRead(enabled ? valueRead<Partial<MemberGlance>>(dbPaths.memberGlance(uid)) : null);
}
