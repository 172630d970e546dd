import { useEffect, useState } from 'react';
import { storageKeys, readStored } from '@/lib/browser-storage';
import { useSession } from '@/lib/session';
import { resolveProfileUid } from '../api/member-records';

export type ProfileUidState =
  | { status: 'loading' }
  | { status: 'found'; uid: string }
  | { status: 'missing' }
  | { status: 'error' };

/** Whose profile profile/{name} shows: the stored loadProfile uid when it matches, else looked up by name. */
export function useProfileUid(profileName: string): ProfileUidState {
  const { user } = useSession();
  const selfUid = user?.uid ?? null;
  const selfName = user?.displayName ?? null;
  const [state, setState] = useState<{ name: string; result: ProfileUidState }>({
    name: profileName,
    result: { status: 'loading' },
  });

  useEffect(() => {
    let current = true;
    const self = selfUid ? { uid: selfUid, displayName: selfName } : null;
    resolveProfileUid(profileName, readStored<string>(storageKeys.loadProfile), self).then(
      (uid) =>
        current &&
        setState({
          name: profileName,
          result: uid ? { status: 'found', uid } : { status: 'missing' },
        }),
      () => current && setState({ name: profileName, result: { status: 'error' } }),
    );
    return () => {
      current = false;
    };
  }, [profileName, selfUid, selfName]);

  return state.name === profileName ? state.result : { status: 'loading' };
}
