import type { MemberInfo } from '@/domain/member-records';
import { readValue } from '@/services/database';
import { dbPaths } from '@/domain/database-paths';

/**
 * The uid behind an old-style address, profile/{displayName} without a uid: the signed-in member's
 * own name, or the profile stored as last opened (loadProfile) when its current name matches.
 * Anything else is not found: names are not unique and no index maps them to members.
 */
export async function resolveProfileUid(
  displayName: string,
  storedUid: string | null,
  self: { uid: string; displayName: string | null } | null,
): Promise<string | null> {
  if (self && self.displayName === displayName) return self.uid;
  if (storedUid) {
    const stored = await readValue<MemberInfo>(dbPaths.userInfo(storedUid));
    if (stored?.displayName === displayName) return storedUid;
  }
  return null;
}
