import { useAsync } from '@/hooks/use-async';
import { storageKeys, readStored } from '@/lib/browser-storage';
import { useSession } from '@/lib/session';
import { findMembersNamed } from '../api/member-records';
import type { NamedMember } from '../lib/members-named';

export type MembersNamedState =
  { status: 'loading' } | { status: 'ready'; members: NamedMember[] } | { status: 'error' };

/** The members an address profile/{name} without a uid may mean (see findMembersNamed). */
export function useMembersNamed(profileName: string): MembersNamedState {
  const { user } = useSession();
  const selfUid = user?.uid ?? null;
  const selfName = user?.displayName ?? null;
  const found = useAsync(
    profileName,
    () =>
      findMembersNamed(
        profileName,
        readStored<string>(storageKeys.loadProfile),
        selfUid ? { uid: selfUid, displayName: selfName } : null,
      ),
    `${selfUid}|${selfName}`,
  );
  if (found.status !== 'ready') return { status: found.status };
  return { status: 'ready', members: found.value };
}
