import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { clearMemberData, storageKeys } from '@/lib/device-storage';
import { afterMainContent } from '@/lib/main-content';
import { forgetLogout } from '@/lib/return-address';
import { SessionContext, type SessionState } from '@/lib/session';
import type { MemberSession, SessionUser } from '@/services/auth';
import { onAuthSdkStarted } from '@/services/auth-sdk-started';
import { firstReadsAnswered } from '@/services/database-reads';
import { savedSession, saveSession } from '@/services/saved-session';

/** The fields the saved session holds: the SDK confirming them changes nothing on screen. */
const sameMember = (a: SessionUser | null | undefined, b: SessionUser | null) =>
  a === b ||
  (a != null &&
    b !== null &&
    a.uid === b.uid &&
    a.displayName === b.displayName &&
    a.photoURL === b.photoURL &&
    a.isAdmin === b.isAdmin);

/**
 * The member the page renders for: at once the session the app saved on this device
 * (src/services/saved-session.ts), then what the Auth SDK says, which loads once the page's main content is on
 * screen. The SDK's answer always wins and is saved for the next page load. Whenever the page's member goes
 * (a logout, a session the SDK refuses, a sign-out in another tab), what they left on the device goes with them
 * (docs/architecture.md, "The saved session" and "Device storage").
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<SessionState>(() => ({
    user: savedSession()?.user ?? null,
  }));
  useEffect(() => {
    let active = true;
    let sdkAnswered = false;
    let watching = false;
    let member = savedSession()?.user.uid ?? null;
    let stopWatching = () => {};
    let cancelWait = () => {};
    // A transition: the whole app re-renders when the member changes, in slices rather than one long task.
    const show = (user: SessionUser | null) => {
      if (member !== null && user?.uid !== member) clearMemberData();
      // A session starting after none (a sign-in here or in another tab) ends a logout's note.
      if (member === null && user) forgetLogout();
      member = user?.uid ?? null;
      startTransition(() =>
        setSession((current) => (sameMember(current.user, user) ? current : { user })),
      );
    };
    const onSdkAnswer = (answer: MemberSession | null) => {
      sdkAnswered = true;
      show(answer?.user ?? null);
      saveSession(answer);
    };
    const watchSdk = () => {
      if (watching) return;
      watching = true;
      void import('@/services/auth').then(({ watchSession }) => {
        if (active) stopWatching = watchSession(onSdkAnswer);
      });
    };
    // Signed out (or in) in another tab while this one still runs on the saved session: the SDK, once it runs,
    // sees that itself.
    const followOtherTabs = (event: StorageEvent) => {
      if (!sdkAnswered && (event.key === storageKeys.session || event.key === null))
        show(savedSession()?.user ?? null);
    };
    window.addEventListener('storage', followOtherTabs);
    // Whatever starts the SDK first (a sign-in, a sign-out, a stale token) makes it the session's source at once.
    const stopListening = onAuthSdkStarted(watchSdk);
    // The SDK's download and its account lookup would otherwise share the network with the page's first reads
    // and pictures (docs/performance.md, "Decisions that hold the budgets").
    void firstReadsAnswered().then(() => {
      if (active) cancelWait = afterMainContent(watchSdk);
    });
    return () => {
      active = false;
      window.removeEventListener('storage', followOtherTabs);
      stopListening();
      cancelWait();
      stopWatching();
    };
  }, []);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
