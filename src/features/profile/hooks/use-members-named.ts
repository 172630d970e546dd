import { useAsync, type Loadable } from '@/hooks/use-loadable';
import { storageKeys, readStored } from '@/lib/device-storage';
import { useSession } from '@/lib/session';
import { findMembersNamed } from '../api/member-records';
import type { NamedMember } from '../lib/members-named';

/** The members an address profile/{name} without a uid may mean (see findMembersNamed). */
export function useMembersNamed(profileName: string): Loadable<NamedMember[]> {
  const { user } = useSession();
  const selfUid = user?.uid ?? null;
  const selfName = user?.displayName ?? null;
  return useAsync(
    profileName,
    () =>
      findMembersNamed(
        profileName,
        readStored<string>(storageKeys.loadProfile),
        selfUid ? { uid: selfUid, displayName: selfName } : null,
      ),
    `${selfUid}|${selfName}`,
  );
}
