import { useAsync } from '@/hooks/use-async';
import { storageKeys, readStored } from '@/lib/browser-storage';
import { useSession } from '@/lib/session';
import { resolveProfileUid } from '../api/member-records';

export type ProfileUidState =
  | { status: 'loading' }
  | { status: 'found'; uid: string }
  | { status: 'missing' }
  | { status: 'error' };

/** Whose profile an old-style address profile/{name} (no uid) shows, if it can be told (see resolveProfileUid). */
export function useProfileUid(profileName: string): ProfileUidState {
  const { user } = useSession();
  const selfUid = user?.uid ?? null;
  const selfName = user?.displayName ?? null;
  const resolved = useAsync(
    profileName,
    () =>
      resolveProfileUid(
        profileName,
        readStored<string>(storageKeys.loadProfile),
        selfUid ? { uid: selfUid, displayName: selfName } : null,
      ),
    `${selfUid}|${selfName}`,
  );
  if (resolved.status !== 'ready') return { status: resolved.status };
  return resolved.value ? { status: 'found', uid: resolved.value } : { status: 'missing' };
}
