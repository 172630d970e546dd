import type { MemberPrivate } from '@domain/members/member-records';
import type { Loadable } from '@/hooks/use-loadable';
import { useRead } from '@/hooks/use-loadable';
import { useMainContent } from '@/hooks/use-main-content';
import { profileReads } from './prefetch-profile';

const LOADING: Loadable<never> = { status: 'loading' };

/**
 * A member's profile, live: public info and social links, plus the private
 * body data when `withPrivate` (only the owner, or an admin, may read it).
 * The social links and body data are read once the info is on screen (`shown`,
 * which the profile's later parts wait for too): the page's first paint waits
 * for one read, not three, and the two later reads show in one render, not one
 * each (docs/performance.md, "The profile with 12 weeks of data and 60 weights").
 */
export function useMemberProfile(uid: string, { withPrivate = false } = {}) {
  const info = useRead(profileReads.info(uid));
  const shown = useMainContent(info.status !== 'loading');
  const social = useRead(shown ? profileReads.social(uid) : null);
  const body = useRead(shown && withPrivate ? profileReads.body(uid) : null);
  const answered = social.status !== 'loading' && (!withPrivate || body.status !== 'loading');
  return answered
    ? { info, shown, social, body: body as Loadable<MemberPrivate | null> }
    : { info, shown, social: LOADING, body: LOADING };
}
