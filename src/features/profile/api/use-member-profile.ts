import type { MemberInfo, MemberPrivate, MemberSocial } from '@/domain/member-records';
import { useDatabaseValue } from '@/hooks/use-database';
import { usePainted } from '@/hooks/use-painted';
import { dbPaths } from '@/domain/database-paths';

/**
 * A member's profile, live: public info and social links, plus the private
 * body data when `withPrivate` (only the owner, or an admin, may read it).
 * The social links and body data are read once the info is on screen: the
 * page's first paint waits for one read, not three (docs/performance.md).
 */
export function useMemberProfile(uid: string, { withPrivate = false } = {}) {
  const info = useDatabaseValue<MemberInfo>(dbPaths.userInfo(uid));
  const infoShown = usePainted(info.status !== 'loading', { mainContent: true });
  return {
    info,
    social: useDatabaseValue<MemberSocial>(infoShown ? dbPaths.userSocial(uid) : null),
    body: useDatabaseValue<MemberPrivate>(
      withPrivate && infoShown ? dbPaths.userPrivate(uid) : null,
    ),
  };
}
