import { startTransition, useEffect, useState } from 'react';
import type { MemberInfo, MemberPrivate, MemberSocial } from '@domain/members/member-records';
import { dbPaths } from '@domain/data/database-paths';
import { sameJsonValue } from '@domain/data/same-json-value';
import type { Loadable } from '@/hooks/use-async';
import { useDatabaseValue } from '@/hooks/use-database';
import { usePainted } from '@/hooks/use-painted';
import { watchValue } from '@/services/database';

const LOADING = { status: 'loading' } as const;

interface SecondaryReads {
  social: Loadable<MemberSocial | null>;
  body: Loadable<MemberPrivate | null>;
}

/**
 * A member's profile, live: public info and social links, plus the private
 * body data when `withPrivate` (only the owner, or an admin, may read it).
 * The social links and body data are read once the info is on screen (`shown`,
 * which the profile's later parts wait for too): the page's first paint waits
 * for one read, not three, and the two later reads land in one render, not one
 * each (docs/performance.md, "The profile with 12 weeks of data and 60 weights").
 */
export function useMemberProfile(uid: string, { withPrivate = false } = {}) {
  const info = useDatabaseValue<MemberInfo>(dbPaths.userInfo(uid));
  const shown = usePainted(info.status !== 'loading', { mainContent: true });
  return { info, shown, ...useSecondaryReads(shown ? uid : null, withPrivate) };
}

/** users/{uid}/social and (withPrivate) users/{uid}/private in one state, first set once both have answered. */
function useSecondaryReads(uid: string | null, withPrivate: boolean): SecondaryReads {
  const key = uid === null ? null : `${uid}/${withPrivate}`;
  const [state, setState] = useState<{ key: string | null; reads: SecondaryReads }>({
    key,
    reads: { social: LOADING, body: LOADING },
  });
  useEffect(() => {
    if (uid === null) return;
    const reads: Partial<SecondaryReads> = {};
    const answered = () => reads.social !== undefined && (!withPrivate || reads.body !== undefined);
    const watch = <T>(path: string, name: keyof SecondaryReads) =>
      watchValue<T>(
        path,
        (value) => {
          const shownRead = reads[name];
          // The SDK's listener repeats what the first read over REST gave: nothing to render again.
          if (shownRead?.status === 'ready' && sameJsonValue(shownRead.value, value)) return;
          reads[name] = { status: 'ready', value } as SecondaryReads[typeof name];
          if (answered())
            startTransition(() =>
              setState({ key, reads: { social: LOADING, body: LOADING, ...reads } }),
            );
        },
        (error) => {
          reads[name] = { status: 'error', error };
          if (answered())
            startTransition(() =>
              setState({ key, reads: { social: LOADING, body: LOADING, ...reads } }),
            );
        },
      );
    const stops = [watch<MemberSocial>(dbPaths.userSocial(uid), 'social')];
    if (withPrivate) stops.push(watch<MemberPrivate>(dbPaths.userPrivate(uid), 'body'));
    return () => stops.forEach((stop) => stop());
  }, [uid, withPrivate, key]);
  return state.key === key ? state.reads : { social: LOADING, body: LOADING };
}
