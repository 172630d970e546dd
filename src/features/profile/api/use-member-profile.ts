import type { MemberInfo, MemberPrivate, MemberSocial } from '@/domain/member-records';
import { useDatabaseValue } from '@/hooks/use-database';
import { dbPaths } from '@/domain/database-paths';

/**
 * A member's profile, live: public info and social links, plus the private
 * body data when `withPrivate` (only the owner, or an admin, may read it).
 */
export function useMemberProfile(uid: string, { withPrivate = false } = {}) {
  return {
    info: useDatabaseValue<MemberInfo>(dbPaths.userInfo(uid)),
    social: useDatabaseValue<MemberSocial>(dbPaths.userSocial(uid)),
    body: useDatabaseValue<MemberPrivate>(withPrivate ? dbPaths.userPrivate(uid) : null),
  };
}
